import { AppError, ErrorCode, maskEmailAddress } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { toPaySessionView } from '../sessions/index.js';
import { PayParticipantView, PaySessionView, SessionView } from '../sessions/index.js';

import { AdminEmailAttempt, AdminEmailMessage, ParticipantEmailStatus } from './email.types.js';

/** The host's Remind and email statuses in the pay app. */
@Resolver(() => PayParticipantView)
export class ParticipantEmailResolver {
  @Mutation(() => PaySessionView, {
    description:
      'Host only: emails a reminder to one unpaid participant with an email, at most once an hour per person ' +
      '(RATE_LIMIT_EXCEEDED with retryAfterSeconds). Authenticated like the other host mutations: the session cookie, ' +
      "or `token` (the hostToken). sessionId may be left out: it is the participant's.",
  })
  async remindParticipant(
    @Arg('participantId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) participantId: string,
    @Arg('token', () => String, { nullable: true, description: 'The hostToken, when the session cookie is not set.' }) token: string | null,
    @Arg('sessionId', () => ID, { nullable: true }) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string | null,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    const ownSessionId = sessionId ?? (await context.services.emails.sessionOfParticipant(context.em, participantId));
    if (!ownSessionId) throw new AppError(ErrorCode.NotFound, `Participant ${participantId} not found`);
    const viewer = await context.requireViewer(ownSessionId, token ?? undefined);
    await context.services.emails.remindParticipant(context.em, viewer, participantId);
    context.logger.info({ sessionId: ownSessionId, participantId }, 'participant reminded by the host');
    const session = await context.services.sessionReads.findForViewer(context.em.fork(), viewer);
    return toPaySessionView(session, viewer, context.services.sessionLinks);
  }

  @FieldResolver(() => ParticipantEmailStatus, {
    nullable: true,
    description:
      'Host only: invitation, reminders and unsubscribe of this participant; null when they have no email (or you are not the host).',
  })
  async emailStatus(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<ParticipantEmailStatus | null> {
    // The mapper gives emails to the host's view only: no email here means not the host, or none to show.
    if (!participant.email) return null;
    // The pay page's statement brought the facts; else the roster's loads batch in one query (a live
    // push finds them primed: modules/live/live-session.ts).
    const status = participant.emailFacts
      ? context.services.emails.statusOf(participant.emailFacts)
      : await context.loaders.emailStatusOfParticipant.load(participant.id);
    if (!status) return null;
    // Nobody reminds the paid, nor the host (their link would be the host token).
    const remindable = participant.status !== 'paid' && !participant.isHost;
    return Object.assign(new ParticipantEmailStatus(), status, remindable ? {} : { nextRemindAllowedAt: null });
  }
}

/** The emails of a session, with their attempts, for the administration area's session page. */
@Resolver(() => SessionView)
export class SessionEmailsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [AdminEmailMessage], { description: 'Emails of this session, oldest first, each with every SMTP attempt.' })
  async emails(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<AdminEmailMessage[]> {
    const messages = await context.loaders.emailsOfSession.load(session.id);
    return messages.map((message) =>
      Object.assign(new AdminEmailMessage(), {
        id: message.id,
        kind: message.kind,
        status: message.status,
        recipient: message.recipient ? maskEmailAddress(message.recipient) : null,
        createdAt: message.createdAt,
        sentAt: message.sentAt ?? null,
        attempts: message.attemptRows.getItems().map((attempt) =>
          Object.assign(new AdminEmailAttempt(), {
            attempt: attempt.attempt,
            startedAt: attempt.startedAt,
            durationMs: attempt.durationMs,
            outcome: attempt.outcome,
            excerpt: attempt.excerpt ?? null,
          }),
        ),
      }),
    );
  }
}
