import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { defineMessages } from 'react-intl';
import { execute } from '../graphql/client';
import { PaySessionDocument } from '../graphql/operations';
import { useT } from '../i18n/translator';
import { ErrorScreen, LoadingScreen } from '../screens/EndScreens';
import { payerMessages } from '../screens/ParticipantView';
import { errorScreenFor } from '../session/error-screen';
import { sessionQueryKey } from '../session/session-query';
import { Page } from '../ui/Page';
import { useNow } from '../use-now';
import { GroupProgress, type GroupFacts } from './GroupProgress';
import { GroupPromise } from './GroupPromise';
import { type GroupPhase, groupPhase, takesPlaces } from './group-figures';
import { groupMessages } from './group-words';
import { type Invitation, invitationQueryKey, joinedHere, useInvitationQuery } from './invitation-query';
import { JoinForm, type JoinRefusal } from './JoinForm';
import { useLiveInvitation } from './use-live-invitation';

const messages = defineMessages({
  title: { id: 'join.title', defaultMessage: 'Join the group', description: 'Heading of the page an open group’s link opens' },
  full: {
    id: 'join.closed.full',
    defaultMessage: 'All {max, plural, one {# place is} other {# places are}} taken.',
    description: 'Why the group is closed: it is full',
  },
  wentAhead: {
    id: 'join.closed.wentAhead',
    defaultMessage: 'It went ahead with {sold, plural, one {# place} other {# places}} and isn’t taking more.',
    description: 'Why the group is closed: it ended at its deadline with enough places',
  },
  didNotGoAhead: {
    id: 'join.closed.didNotGoAhead',
    defaultMessage:
      '{manual, select, yes {It didn’t reach {min, plural, one {# place} other {# places}} by its deadline, so it didn’t go ahead: every hold was released and nobody was charged.} other {It didn’t reach {min, plural, one {# place} other {# places}} by its deadline, so it didn’t go ahead: every payment was refunded in full.}}',
    description: 'Why the group is closed: too few places at its deadline; manual is yes when cards were only held',
  },
  cancelledLead: {
    id: 'join.cancelled.lead',
    defaultMessage: 'It isn’t taking places any more.',
    description: 'Under the cancelled heading',
  },
  takenTitle: {
    id: 'join.taken.title',
    defaultMessage: 'All places are taken for now',
    description: 'Heading when every place left is being paid for by someone',
  },
  takenLead: {
    id: 'join.taken.lead',
    defaultMessage:
      'Every place left is being paid for right now. If someone doesn’t finish paying, their places come back, and this page shows it as it happens.',
    description: 'Under “All places are taken for now”',
  },
  joinedHere: {
    id: 'join.joinedHere',
    defaultMessage: 'You’ve joined this group on this device ({places, plural, one {# place} other {# places}}).',
    description: 'On the join page, to someone who already joined from this device',
  },
  yourPage: { id: 'join.yourPage', defaultMessage: 'See your places', description: 'Link to the payer’s own page' },
  organiserHere: {
    id: 'join.organiserHere',
    defaultMessage: 'You organised this group.',
    description: 'On the join page, to the organiser (who may still join to take places)',
  },
  organiserPage: { id: 'join.organiserPage', defaultMessage: 'Open your organiser’s page', description: 'Link to the organiser’s page' },
  notFoundTitle: {
    id: 'join.notFound.title',
    defaultMessage: 'We can’t find this group',
    description: 'Heading when the join link names no group',
  },
  notFoundLead: {
    id: 'join.notFound.lead',
    defaultMessage:
      'Check that you opened the whole link you were sent. If it still doesn’t work, ask whoever shared it for the link again.',
    description: 'Under “We can’t find this group”',
  },
});

interface Props {
  sessionId: string;
  code: string;
  loadInvitation: () => Promise<Invitation>;
}

/**
 * /pay/:id/join?code=…: an open group's link. What the group is and how it stands, what a place
 * costs and what happens to the money, then a form to take places and pay; or, once it takes no
 * more, why. Live while open, so places left, tipping and a falling price show as they happen.
 */
export function JoinPage({ sessionId, code, loadInvitation }: Props) {
  const query = useInvitationQuery(sessionId, code, loadInvitation);
  const invitation = query.data;
  useLiveInvitation(sessionId, code, invitation !== undefined);
  const now = useNow();
  const queryClient = useQueryClient();
  // The last refusal stays said while the page changes under it (a full group closes the form).
  const [refusal, setRefusal] = useState<JoinRefusal | null>(null);

  // Past its deadline the server ends the group; ask rather than wait for a push.
  const overdue =
    invitation !== undefined && takesPlaces(groupPhase(invitation.status, invitation.openGroup)) && Date.parse(invitation.expiresAt) <= now;
  useEffect(() => {
    if (overdue) void queryClient.invalidateQueries({ queryKey: invitationQueryKey(sessionId, code) });
  }, [overdue, now, queryClient, sessionId, code]);

  if (query.isError && invitation === undefined) {
    const kind = errorScreenFor(query.error);
    return kind === 'unavailable' ? <ErrorScreen kind={kind} onRetry={() => void query.refetch()} /> : <NotFound />;
  }
  if (invitation === undefined) return <LoadingScreen />;
  return <JoinScreen sessionId={sessionId} code={code} invitation={invitation} now={now} refusal={refusal} onRefused={setRefusal} />;
}

function JoinScreen(props: {
  sessionId: string;
  code: string;
  invitation: Invitation;
  now: number;
  refusal: JoinRefusal | null;
  onRefused: (refusal: JoinRefusal | null) => void;
}) {
  const { sessionId, code, invitation, now, refusal, onRefused } = props;
  const t = useT();
  const group = invitation.openGroup;
  const phase = groupPhase(invitation.status, group);
  const facts: GroupFacts = invitation;
  const organiser = group.organiserName ?? null;
  const open = takesPlaces(phase);
  return (
    <Page
      title={t(titleOf(phase))}
      eyebrow={organiser ? t(payerMessages.organisedBy, { organiser }) : undefined}
      merchant={invitation}
      focusHeading={!open}
    >
      {refusal !== null && (
        <p className="notice notice-warning join-refusal" role="alert" data-testid="join-refusal">
          {refusal.text}
        </p>
      )}
      <JoinedHere sessionId={sessionId} />
      {!open && <p className="lead">{closedLead(t, phase, invitation)}</p>}
      <GroupProgress facts={facts} now={now} />
      {open && (
        <>
          <GroupPromise facts={facts} captureMethod={invitation.captureMethod} now={now} />
          <JoinForm sessionId={sessionId} code={code} invitation={invitation} onRefused={onRefused} />
        </>
      )}
    </Page>
  );
}

function titleOf(phase: GroupPhase) {
  switch (phase) {
    case 'gathering':
    case 'tipped':
      return messages.title;
    case 'taken':
      return messages.takenTitle;
    case 'cancelled':
      return groupMessages.cancelledTitle;
    default:
      return groupMessages.closedTitle;
  }
}

function closedLead(t: ReturnType<typeof useT>, phase: GroupPhase, invitation: Invitation): string {
  const group = invitation.openGroup;
  switch (phase) {
    case 'taken':
      return t(messages.takenLead);
    case 'cancelled':
      return t(messages.cancelledLead);
    case 'did-not-go-ahead':
      return t(messages.didNotGoAhead, { manual: invitation.captureMethod === 'MANUAL' ? 'yes' : 'no', min: group.minPlaces });
    default:
      return group.fullAt != null || group.placesSold >= group.maxPlaces
        ? t(messages.full, { max: group.maxPlaces })
        : t(messages.wentAhead, { sold: group.placesSold });
  }
}

/**
 * To someone who joined from this device already (or the organiser): where their page is, so a
 * second visit to the link (Back from the checkout, say) is not a second claim by mistake.
 */
function JoinedHere({ sessionId }: { sessionId: string }) {
  const t = useT();
  // Only asked when this device joined before: anyone else has no cookie, and would be refused.
  const [participantId] = useState(() => joinedHere(sessionId));
  const session = useQuery({
    queryKey: sessionQueryKey(sessionId),
    queryFn: async () => (await execute(PaySessionDocument, { sessionId })).paySession,
    enabled: participantId !== null,
    retry: false,
  });
  const view = session.data;
  if (view === undefined) return null;
  const href = `/pay/${encodeURIComponent(sessionId)}`;
  if (view.viewerRole === 'HOST') {
    return (
      <p className="notice notice-info joined-here">
        {t(messages.organiserHere)}{' '}
        <a className="link-standalone" href={href}>
          {t(messages.organiserPage)}
        </a>
      </p>
    );
  }
  const you = view.participants.find((p) => p.isYou);
  if (!you || (you.status !== 'PENDING' && you.status !== 'PAID')) return null;
  return (
    <p className="notice notice-info joined-here" data-testid="joined-here">
      {t(messages.joinedHere, { places: you.places ?? 1 })}{' '}
      <a className="link-standalone" href={href}>
        {t(messages.yourPage)}
      </a>
    </p>
  );
}

function NotFound() {
  const t = useT();
  return (
    <Page title={t(messages.notFoundTitle)} focusHeading>
      <p className="lead">{t(messages.notFoundLead)}</p>
    </Page>
  );
}
