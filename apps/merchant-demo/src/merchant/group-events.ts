import { isEventType, type GroupFullEvent, type GroupJoinedEvent, type GroupTippedEvent, type PaySplitEvent } from '@paysplit/sdk';
import { findBookingByOrderRef, type Queryable } from '../store.js';
import { addTraveller, applyGroupProgress } from './trip-store.js';

/** The open group's events (wire-contracts §6), sent for open sessions only. */
export type GroupEvent = GroupJoinedEvent | GroupTippedEvent | GroupFullEvent;

export function isGroupEvent(event: PaySplitEvent): event is GroupEvent {
  return (
    isEventType(event, 'SERVICE_GROUP_JOINED') || isEventType(event, 'SERVICE_GROUP_TIPPED') || isEventType(event, 'SERVICE_GROUP_FULL')
  );
}

export type GroupEventOutcome = 'group_recorded' | 'booking_not_found' | 'mismatch';

/** When the event happened; a time that does not parse is taken as now, rather than refused forever. */
function happenedAt(event: GroupEvent): Date {
  const at = new Date(event.createdAt);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/**
 * A group event moves the trip's record: who joined (the passenger list), how many places are
 * sold and what one more costs now, when it tipped (it goes ahead) and when it filled up, at what
 * final price. None of them makes the booking paid: only the completion event does, once every
 * payer's money is taken.
 */
export async function recordGroupEvent(tx: Queryable, event: GroupEvent): Promise<GroupEventOutcome> {
  const booking = event.orderReference ? await findBookingByOrderRef(tx, event.orderReference) : undefined;
  if (!booking) return 'booking_not_found';
  if (booking.kind !== 'open_group' || booking.sessionId !== event.sessionId) return 'mismatch';
  const progress = { sessionVersion: event.sessionVersion, placesSold: event.placesSold };
  switch (event.type) {
    case 'SERVICE_GROUP_JOINED':
      await addTraveller(tx, booking.id, { ...event.participant, joinedAt: happenedAt(event) });
      await applyGroupProgress(tx, booking.id, { ...progress, pricePerPlaceMinor: event.pricePerPlaceMinor });
      break;
    case 'SERVICE_GROUP_TIPPED':
      await applyGroupProgress(tx, booking.id, {
        ...progress,
        pricePerPlaceMinor: event.pricePerPlaceMinor,
        tippedAt: happenedAt(event),
      });
      break;
    case 'SERVICE_GROUP_FULL':
      await applyGroupProgress(tx, booking.id, {
        ...progress,
        fullAt: happenedAt(event),
        finalPricePerPlaceMinor: event.finalPricePerPlaceMinor,
      });
      break;
  }
  return 'group_recorded';
}
