import { useQuery } from '@tanstack/react-query';
import type { OpenGroupInvitationFieldsFragment } from '../gql/graphql';
import { execute } from '../graphql/client';
import { OpenGroupInvitationDocument } from '../graphql/operations';

export type Invitation = OpenGroupInvitationFieldsFragment;

export function invitationQueryKey(sessionId: string, code: string): readonly ['openGroupInvitation', string, string] {
  return ['openGroupInvitation', sessionId, code];
}

/** What the join page shows, read with the link's code (no cookie: anyone with the link may look). */
export function createInvitationLoader(sessionId: string, code: string): () => Promise<Invitation> {
  return async () => (await execute(OpenGroupInvitationDocument, { sessionId, code })).openGroupInvitation;
}

export function useInvitationQuery(sessionId: string, code: string, load: () => Promise<Invitation>) {
  return useQuery({ queryKey: invitationQueryKey(sessionId, code), queryFn: load });
}

/**
 * The participant this device joined the group as, kept so that coming back to the join link (Back
 * from the checkout, say) says so instead of offering to join a second time. Only ids: the access
 * itself is the session cookie.
 */
const joinedKey = (sessionId: string) => `paysplit.joined.${sessionId}`;

export function rememberJoined(sessionId: string, participantId: string): void {
  try {
    window.localStorage.setItem(joinedKey(sessionId), participantId);
  } catch {
    // Not kept: the join page then offers the form as to anyone.
  }
}

export function joinedHere(sessionId: string): string | null {
  try {
    return window.localStorage.getItem(joinedKey(sessionId));
  } catch {
    return null;
  }
}
