import { type ReactNode, useState } from 'react';
import { defineMessages } from 'react-intl';
import { type Translator, useT } from '../i18n/translator';
import { minorFromApi } from '../money';
import { PayShareButton } from '../payment/PayShareButton';
import { payerMessages } from '../screens/ParticipantView';
import type { PayParticipant } from '../session/session-query';
import { DeclinedNotice, holdMessages, isManual } from '../status/holds';
import { Refunds, refundWords } from '../status/Refunds';
import { Page } from '../ui/Page';
import { formatClock } from '../emails/email-status';
import { GroupProgress } from './GroupProgress';
import { GroupPromise } from './GroupPromise';
import { type GroupPhase, groupPhase, hasTipped, isSplitTotal } from './group-figures';
import { groupMessages } from './group-words';
import { LeaveGroup, leaveMessages } from './LeaveGroup';
import type { OpenGroupSession } from './open-group-session';

const messages = defineMessages({
  pendingTitle: {
    id: 'groupPayer.pending.title',
    defaultMessage: 'Finish paying for your places',
    description: 'Heading of a payer who claimed places and has not paid yet',
  },
  pendingLead: {
    id: 'groupPayer.pending.lead',
    defaultMessage:
      'Your {places, plural, one {place is} other {# places are}} kept for you until {time}. Pay to take {places, plural, one {it} other {them}}.',
    description: 'Under the heading; time is a clock time',
  },
  lapsedTitle: {
    id: 'groupPayer.lapsed.title',
    defaultMessage: 'Your places were given back',
    description: 'Heading: the payer did not pay in time',
  },
  lapsedLead: {
    id: 'groupPayer.lapsed.lead',
    defaultMessage: 'You didn’t finish paying in time, so your places went back to the group. Nothing was charged.',
    description: 'Under the heading',
  },
  leftTitle: { id: 'groupPayer.left.title', defaultMessage: 'You left the group', description: 'Heading once the payer left' },
  leftLead: { id: 'groupPayer.left.lead', defaultMessage: 'Your places went back to the group.', description: 'Under the heading' },
  nothingCharged: {
    id: 'groupPayer.nothingCharged',
    defaultMessage: 'Nothing was charged.',
    description: 'The payer paid nothing that needs giving back',
  },
  inTitle: {
    id: 'groupPayer.in.title',
    defaultMessage: 'You’re in',
    description: 'Heading once the payer’s places are held or paid, before the group goes ahead',
  },
  inLeadManual: {
    id: 'groupPayer.in.leadManual',
    defaultMessage:
      '{amount} is held on your card for your {places, plural, one {place} other {# places}}. It’s charged only if the group goes ahead; if it doesn’t, the hold is released.',
    description: 'Under “You’re in” when cards are held',
  },
  inLeadAutomatic: {
    id: 'groupPayer.in.leadAutomatic',
    defaultMessage:
      'You paid {amount} for your {places, plural, one {place} other {# places}}. If the group doesn’t go ahead, it’s refunded in full.',
    description: 'Under “You’re in” when cards are charged at once',
  },
  tippedLeadManual: {
    id: 'groupPayer.tipped.leadManual',
    defaultMessage:
      '{falling, select, yes {Your {places, plural, one {place is} other {# places are}} confirmed. Your card is charged when the group closes: at most {amount}, less if more people join.} other {Your {places, plural, one {place is} other {# places are}} confirmed. Your card is charged {amount} when the group closes.}}',
    description: 'Under the tipped heading when cards are held; falling is yes when the price per place falls as more join',
  },
  tippedLeadAutomatic: {
    id: 'groupPayer.tipped.leadAutomatic',
    defaultMessage:
      '{falling, select, yes {Your {places, plural, one {place is} other {# places are}} confirmed. If more people join, the price falls and the difference comes back to you.} other {Your {places, plural, one {place is} other {# places are}} confirmed.}}',
    description: 'Under the tipped heading when cards are charged at once',
  },
  chargingLead: {
    id: 'groupPayer.charging.lead',
    defaultMessage:
      'The final price is {price} a place, so your card is being charged {amount} for your {places, plural, one {place} other {# places}}.',
    description: 'While the cards are being charged',
  },
  chargingSoon: {
    id: 'groupPayer.charging.soon',
    defaultMessage: 'Every place is taken: the cards are charged at the final price now.',
    description: 'The group just filled; the final price is being worked out',
  },
  wentAheadManual: {
    id: 'groupPayer.wentAhead.manual',
    defaultMessage:
      '{released, select, none {The final price was {price} a place: your card was charged {amount} for your {places, plural, one {place} other {# places}}.} other {The final price was {price} a place: your card was charged {amount} for your {places, plural, one {place} other {# places}}, and the rest of the hold ({released}) was released.}}',
    description: 'The ending when cards were held; released is the part of the hold not charged, or none',
  },
  wentAheadAutomatic: {
    id: 'groupPayer.wentAhead.automatic',
    defaultMessage:
      '{back, select, none {The final price was {price} a place: {amount} for your {places, plural, one {place} other {# places}}.} other {The final price was {price} a place: {amount} for your {places, plural, one {place} other {# places}}. The {back} you paid above that goes back to your card.}}',
    description: 'The ending when cards were charged at once; back is what is refunded because the price fell, or none',
  },
  notAheadLead: {
    id: 'groupPayer.notAhead.lead',
    defaultMessage:
      'It needed {min, plural, one {# place} other {# places}} by its deadline, and {sold, plural, one {# was} other {# were}} taken.',
    description: 'Under the heading',
  },
  refundedInFull: {
    id: 'groupPayer.refundedInFull',
    defaultMessage: 'Your payment is refunded in full.',
    description: 'Money charged at once goes back',
  },
  yourPlaces: { id: 'groupPayer.yourPlaces', defaultMessage: 'Your places', description: 'Label of how many places the payer has' },
  toPay: { id: 'groupPayer.toPay', defaultMessage: 'To pay', description: 'Label of what the payer still has to pay' },
  paid: { id: 'groupPayer.paid', defaultMessage: 'You paid', description: 'Label of what the payer paid' },
  charged: { id: 'groupPayer.charged', defaultMessage: 'Charged', description: 'Label of what the payer was finally charged' },
});

interface Props {
  session: OpenGroupSession;
  now: number;
  banner?: ReactNode;
}

/**
 * A payer's page in an open group: their places and what happened to their money, how the group
 * is doing, and Leave while it has not tipped. Every state says the money in the capture
 * method's words: held, then charged at the final price, or released (docs/decisions.md).
 */
export function OpenGroupPayerView({ session, now, banner }: Props) {
  const t = useT();
  const you = session.participants.find((p) => p.isYou);
  const group = session.openGroup;
  const phase = groupPhase(session.status, group);
  const organiser = group.organiserName ?? session.organiserName;
  const money = (minor: bigint | string) => t.money(minor, session.currency);
  const [leaveRefused, setLeaveRefused] = useState(false);
  if (you === undefined) return null;
  const places = you.places ?? session.openGroup.viewerPlaces ?? 1;
  const state = payerState(you, phase, hasTipped(group));
  const { title, lead, notes } = wordsFor(t, session, you, state, places, now);
  const amountLabel =
    state === 'pending'
      ? messages.toPay
      : state === 'went-ahead' && isManual(session)
        ? messages.charged
        : isManual(session)
          ? holdMessages.heldLabel
          : messages.paid;
  const shownAmount = state === 'went-ahead' || state === 'ending' ? (you.finalAmountMinor ?? you.amountMinor) : you.amountMinor;
  const canPay = state === 'pending' && (session.status === 'OPEN' || session.status === 'PARTIALLY_PAID');
  const mayLeave = (state === 'pending' || state === 'in') && !hasTipped(group);
  return (
    <Page
      title={t(title)}
      eyebrow={organiser ? t(payerMessages.organisedBy, { organiser }) : undefined}
      banner={banner}
      merchant={session}
      focusHeading
    >
      {lead !== '' && (
        <p className="lead" data-testid="group-payer-lead">
          {lead}
        </p>
      )}
      {leaveRefused && (
        <p className="notice notice-warning" role="alert" data-testid="leave-refused">
          {t(leaveMessages.tipped)}
        </p>
      )}
      {notes.map((note) => (
        <p key={note} className="notice notice-success">
          {note}
        </p>
      ))}
      {state !== 'lapsed' && state !== 'left' && (
        <dl className="amounts">
          <div className="amount-main">
            <dt>{t(amountLabel)}</dt>
            <dd data-testid="your-amount">{money(shownAmount)}</dd>
          </div>
          <div>
            <dt>{t(messages.yourPlaces)}</dt>
            <dd data-testid="your-places">{t.intl.formatNumber(places)}</dd>
          </div>
        </dl>
      )}
      {canPay && (
        <>
          <DeclinedNotice session={session} />
          <GroupPromise facts={session} captureMethod={session.captureMethod} now={now} />
          <PayShareButton sessionId={session.id} amountMinor={you.amountMinor} currency={session.currency} />
        </>
      )}
      <Refunds session={session} />
      <GroupProgress facts={session} now={now} />
      {mayLeave && <LeaveGroup session={session} you={you} onTipped={() => setLeaveRefused(true)} />}
    </Page>
  );
}

type PayerState = 'pending' | 'lapsed' | 'left' | 'in' | 'tipped' | 'ending' | 'went-ahead' | 'not-ahead' | 'cancelled';

function payerState(you: PayParticipant, phase: GroupPhase, tipped: boolean): PayerState {
  if (you.status === 'LEFT') return 'left';
  if (you.status === 'LAPSED') return 'lapsed';
  if (phase === 'cancelled') return 'cancelled';
  if (phase === 'did-not-go-ahead') return 'not-ahead';
  if (you.status !== 'PAID') return 'pending';
  if (phase === 'went-ahead' || phase === 'ending') return phase;
  return tipped ? 'tipped' : 'in';
}

/** What the payer's money did, when the group ended without charging them or they left. */
function moneyBackNote(t: Translator, session: OpenGroupSession, you: PayParticipant): string | null {
  if (you.status !== 'PAID' && you.status !== 'LEFT') return t(messages.nothingCharged);
  if (isManual(session)) return you.holdState === 'RELEASED' || you.status === 'LEFT' ? t(holdMessages.yourHoldReleased) : null;
  // Charged at once: the refunds section says what went back; before it shows, say it is coming.
  const refunded = (you.refundedMinor ?? '0') !== '0' || (you.refundPendingMinor ?? '0') !== '0';
  return refunded ? null : you.status === 'PAID' ? t(messages.refundedInFull) : null;
}

function wordsFor(
  t: Translator,
  session: OpenGroupSession,
  you: PayParticipant,
  state: PayerState,
  places: number,
  now: number,
): { title: Parameters<Translator>[0]; lead: string; notes: string[] } {
  const group = session.openGroup;
  const manual = isManual(session);
  const money = (minor: bigint | string) => t.money(minor, session.currency);
  const falling = isSplitTotal(group) ? 'yes' : 'no';
  const note = (text: string | null) => (text === null ? [] : [text]);
  switch (state) {
    case 'pending':
      return {
        title: messages.pendingTitle,
        lead: you.reservedUntil ? t(messages.pendingLead, { places, time: formatClock(t, you.reservedUntil, now) }) : '',
        notes: [],
      };
    case 'lapsed':
      return { title: messages.lapsedTitle, lead: t(messages.lapsedLead), notes: [] };
    case 'left':
      return { title: messages.leftTitle, lead: t(messages.leftLead), notes: note(moneyBackNote(t, session, you)) };
    case 'in':
      return {
        title: messages.inTitle,
        lead: t(manual ? messages.inLeadManual : messages.inLeadAutomatic, { amount: money(you.amountMinor), places }),
        notes: [],
      };
    case 'tipped':
      return {
        title: groupMessages.tippedTitle,
        lead: t(manual ? messages.tippedLeadManual : messages.tippedLeadAutomatic, { falling, amount: money(you.amountMinor), places }),
        notes: [],
      };
    case 'ending': {
      const price = group.finalPricePerPlaceMinor ?? null;
      return {
        title: groupMessages.closedTitle,
        lead:
          price === null || you.finalAmountMinor == null
            ? t(messages.chargingSoon)
            : t(messages.chargingLead, { price: money(price), amount: money(you.finalAmountMinor), places }),
        notes: [],
      };
    }
    case 'went-ahead': {
      const price = group.finalPricePerPlaceMinor ?? group.pricePerPlaceMinor;
      const final = you.finalAmountMinor ?? you.amountMinor;
      const rest = minorFromApi(you.amountMinor) - minorFromApi(final);
      const values = { price: money(price), amount: money(final), places };
      // Charged at once, the difference comes back as a refund of its own: say where it stands.
      const priceDrop = {
        refundedMinor: minorFromApi(you.priceDropRefundedMinor ?? '0'),
        pendingMinor: minorFromApi(you.priceDropRefundPendingMinor ?? '0'),
      };
      const dropped = priceDrop.refundedMinor + priceDrop.pendingMinor > 0n;
      return {
        title: groupMessages.wentAheadTitle,
        lead: manual
          ? t(messages.wentAheadManual, { ...values, released: rest > 0n ? money(rest) : 'none' })
          : t(messages.wentAheadAutomatic, { ...values, back: rest > 0n ? money(rest) : 'none' }),
        notes: !manual && dropped ? [refundWords(t, priceDrop, session.currency)] : [],
      };
    }
    case 'not-ahead':
      return {
        title: groupMessages.notAheadTitle,
        lead: t(messages.notAheadLead, { min: group.minPlaces, sold: group.placesSold }),
        notes: note(moneyBackNote(t, session, you)),
      };
    case 'cancelled':
      return { title: groupMessages.cancelledTitle, lead: moneyBackNote(t, session, you) ?? '', notes: [] };
  }
}
