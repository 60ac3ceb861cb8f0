import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { groupBy } from '../../graphql/loader-helpers.js';
import type { EmailMessage } from './email-message.entity.js';
import type { EmailRepository } from './email.repository.js';
import type { EmailService, EmailStatus } from './email.service.js';

export interface EmailLoaders {
  /** A session's emails with their attempts (the admin session page). */
  emailsOfSession: DataLoader<string, EmailMessage[]>;
  /** The host's roster: each participant's email status (null for an unknown id). */
  emailStatusOfParticipant: DataLoader<string, EmailStatus | null>;
}

export function createEmailLoaders(emFor: () => EntityManager, emails: EmailRepository, service: EmailService): EmailLoaders {
  return {
    emailsOfSession: new DataLoader(async (sessionIds) =>
      groupBy(sessionIds, await emails.messagesOfSessions(emFor(), sessionIds), (message) => message.session.id),
    ),
    emailStatusOfParticipant: new DataLoader(async (participantIds) => {
      const statuses = await service.statuses(emFor(), participantIds);
      return participantIds.map((id) => statuses.get(id) ?? null);
    }),
  };
}
