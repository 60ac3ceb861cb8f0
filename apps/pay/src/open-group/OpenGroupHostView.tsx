import { type ReactNode, useEffect } from 'react';
import { defineMessages } from 'react-intl';
import { formatClock } from '../emails/email-status';
import { type Translator, useT } from '../i18n/translator';
import type { PayParticipant } from '../session/session-query';
import { DeclinedNotice, holdBadge, isManual } from '../status/holds';
import { Refunds } from '../status/Refunds';
import { statusMessages } from '../status/SessionProgress';
import { Page } from '../ui/Page';
import { GroupProgress } from './GroupProgress';
import { type GroupPhase, groupPhase, placesToGoAhead, takesPlaces } from './group-figures';
import { groupDeadline, groupMessages } from './group-words';
import { rememberJoined } from './invitation-query';
import { JoinLinkPanel } from './JoinLinkPanel';
import type { OpenGroupSession } from './open-group-session';

const messages = defineMessages({
  gatheringTitle: {
    id: 'groupHost.gathering.title',
    defaultMessage: 'Your group is filling up',
    description: 'Organiser’s heading before the group has enough places',
  },
  gatheringLead: {
    id: 'groupHost.gathering.lead',
    defaultMessage: '{needed, plural, one {# more place is} other {# more places are}} needed by {deadline} for the group to go ahead.',
    description: 'Under the heading; deadline is a date and time with its zone',
  },
  tippedLead: {
    id: 'groupHost.tipped.lead',
    defaultMessage:
      'It reached {min, plural, one {# place} other {# places}}. It takes more until {deadline} or until all {max, number} are taken.',
    description: 'Under the tipped heading',
  },
  takenTitle: {
    id: 'groupHost.taken.title',
    defaultMessage: 'Every place left is being paid for',
    description: 'Organiser’s heading when all places left are claimed by people paying',
  },
  takenLead: {
    id: 'groupHost.taken.lead',
    defaultMessage: 'If someone doesn’t finish paying, their places go back to the group.',
    description: 'Under the heading',
  },
  endingLead: {
    id: 'groupHost.ending.lead',
    defaultMessage:
      '{priced, select, yes {The final price is {price} a place: every card is being charged now.} other {Every place is taken: the cards are charged at the final price now.}}',
    description: 'While the cards are charged; priced is yes once the final price is known',
  },
  wentAheadLead: {
    id: 'groupHost.wentAhead.lead',
    defaultMessage: 'The final price was {price} a place, {total} in all, for {sold, plural, one {# place} other {# places}}.',
    description: 'Under the heading',
  },
  notAheadLead: {
    id: 'groupHost.notAhead.lead',
    defaultMessage:
      '{manual, select, yes {It had {sold, number} of the {min, plural, one {# place} other {# places}} it needed by its deadline. Every hold was released: nobody was charged.} other {It had {sold, number} of the {min, plural, one {# place} other {# places}} it needed by its deadline. Every payment is refunded in full.}}',
    description: 'Under the heading; manual is yes when cards were only held',
  },
  placesHeading: { id: 'groupHost.places.heading', defaultMessage: 'Places', description: 'Heading of the list of who took places' },
  peopleCount: {
    id: 'groupHost.places.people',
    defaultMessage: '{count, plural, one {# person} other {# people}}',
    description: 'Beside the places heading',
  },
  noneYet: { id: 'groupHost.places.none', defaultMessage: 'Nobody has joined yet.', description: 'The list of places is empty' },
  placesOf: {
    id: 'groupHost.places.count',
    defaultMessage: '{places, plural, one {# place} other {# places}}',
    description: 'How many places one person took',
  },
  payingUntil: {
    id: 'groupHost.places.payingUntil',
    defaultMessage: 'paying until {time}',
    description: 'After a person’s places, while they pay; time is a clock time',
  },
  payingBadge: {
    id: 'groupHost.badge.paying',
    defaultMessage: 'Paying',
    description: 'Badge of someone who claimed places and is paying now',
  },
  leftBadge: { id: 'groupHost.badge.left', defaultMessage: 'Left', description: 'Badge of someone who left the group' },
  lapsedBadge: {
    id: 'groupHost.badge.lapsed',
    defaultMessage: 'Didn’t finish',
    description: 'Badge of someone who did not pay in time; their places went back',
  },
});

interface Props {
  session: OpenGroupSession;
  now: number;
  banner?: ReactNode;
}

/**
 * The organiser's page of an open group: how it stands in a sentence, the join link to share, the
 * group's progress and everyone who took places, live. No split to edit: the places decide it.
 */
export function OpenGroupHostView({ session, now, banner }: Props) {
  const t = useT();
  const group = session.openGroup;
  const phase = groupPhase(session.status, group);
  // Coming back to the join link on this device says it is the organiser's.
  useEffect(() => rememberJoined(session.id, session.viewerParticipantId ?? 'organiser'), [session.id, session.viewerParticipantId]);
  const joinUrl = group.joinUrl ?? null;
  const people = session.participants.filter((p) => !p.isHost || (p.places ?? 0) > 0);
  return (
    <Page title={t(titleOf(phase))} banner={banner} merchant={session} focusHeading>
      {phase !== 'cancelled' && (
        <p className="lead" data-testid="group-host-lead">
          {leadOf(t, session, phase, now)}
        </p>
      )}
      <DeclinedNotice session={session} />
      {(takesPlaces(phase) || phase === 'taken') && joinUrl !== null && (
        <JoinLinkPanel url={joinUrl} merchantName={session.merchantName} description={session.description ?? null} />
      )}
      <GroupProgress facts={session} now={now} />
      <section className="places" aria-labelledby="places-heading">
        <div className="group-heading">
          <h2 id="places-heading">{t(messages.placesHeading)}</h2>
          {people.length > 0 && <p className="muted">{t(messages.peopleCount, { count: people.length })}</p>}
        </div>
        {people.length === 0 ? (
          <p className="hint">{t(messages.noneYet)}</p>
        ) : (
          <ul className="people-list" aria-label={t(messages.placesHeading)} data-testid="places-list">
            {people.map((p) => (
              <li key={p.id} className="person">
                <PlaceLine session={session} participant={p} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Refunds session={session} />
    </Page>
  );
}

function titleOf(phase: GroupPhase) {
  switch (phase) {
    case 'gathering':
      return messages.gatheringTitle;
    case 'tipped':
      return groupMessages.tippedTitle;
    case 'taken':
      return messages.takenTitle;
    case 'ending':
      return groupMessages.closedTitle;
    case 'went-ahead':
      return groupMessages.wentAheadTitle;
    case 'did-not-go-ahead':
      return groupMessages.notAheadTitle;
    case 'cancelled':
      return groupMessages.cancelledTitle;
  }
}

function leadOf(t: Translator, session: OpenGroupSession, phase: GroupPhase, now: number): string {
  const group = session.openGroup;
  const money = (minor: string) => t.money(minor, session.currency);
  const deadline = groupDeadline(t, session.expiresAt, session.merchantTimeZone, now);
  const final = group.finalPricePerPlaceMinor ?? null;
  switch (phase) {
    case 'gathering':
      return t(messages.gatheringLead, { needed: placesToGoAhead(group), deadline });
    case 'tipped':
      return t(messages.tippedLead, { min: group.minPlaces, deadline, max: group.maxPlaces });
    case 'taken':
      return t(messages.takenLead);
    case 'ending':
      return t(messages.endingLead, { priced: final === null ? 'no' : 'yes', price: final === null ? '' : money(final) });
    case 'went-ahead':
      return t(messages.wentAheadLead, {
        price: money(final ?? group.pricePerPlaceMinor),
        total: money(session.amountMinor),
        sold: group.placesSold,
      });
    case 'did-not-go-ahead':
      return t(messages.notAheadLead, { manual: isManual(session) ? 'yes' : 'no', sold: group.placesSold, min: group.minPlaces });
    case 'cancelled':
      return '';
  }
}

/** One person's places: name, what their money is doing, how many places, and their amount (final once ended). */
function PlaceLine({ session, participant: p, now }: { session: OpenGroupSession; participant: PayParticipant; now: number }) {
  const t = useT();
  const badge = placeBadge(t, session, p);
  const places = t(messages.placesOf, { places: p.places ?? 1 });
  const detail =
    p.status === 'PENDING' && p.reservedUntil
      ? `${places} · ${t(messages.payingUntil, { time: formatClock(t, p.reservedUntil, now) })}`
      : places;
  return (
    <div className="person-line">
      <div className="person-who">
        <p className="person-name">
          <bdi>{p.displayName}</bdi> <span className={`badge badge-${badge.tone}`}>{badge.text}</span>
        </p>
        <p className="person-status">{detail}</p>
      </div>
      <p className="person-amount">{t.money(p.finalAmountMinor ?? p.amountMinor, session.currency)}</p>
    </div>
  );
}

function placeBadge(t: Translator, session: OpenGroupSession, p: PayParticipant): { text: string; tone: 'paid' | 'pending' | 'declined' } {
  switch (p.status) {
    case 'PAID':
      return holdBadge(t, session, p) ?? { text: t(statusMessages.paid), tone: 'paid' };
    case 'LEFT':
      return { text: t(messages.leftBadge), tone: 'pending' };
    case 'LAPSED':
      return { text: t(messages.lapsedBadge), tone: 'pending' };
    default:
      return holdBadge(t, session, p) ?? { text: t(messages.payingBadge), tone: 'pending' };
  }
}
