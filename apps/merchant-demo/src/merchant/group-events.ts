import type { PaySplitEvent } from '@paysplit/sdk';
import { z } from 'zod';
import { findBookingByOrderRef, type Queryable } from '../store.js';
import { addTraveller, applyGroupProgress } from './trip-store.js';

/** The open group's events (docs/plans/open-groups.md §6), sent for open sessions only. */
export const GROUP_EVENT_TYPES = ['SERVICE_GROUP_JOINED', 'SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL'] as const;
export type GroupEventType = (typeof GROUP_EVENT_TYPES)[number];

export function isGroupEvent(event: PaySplitEvent): event is PaySplitEvent & { type: GroupEventType } {
  return (GROUP_EVENT_TYPES as readonly string[]).includes(event.type);
}

const minor = z.string().regex(/^\d{1,18}$/);
const places = z.number().int().min(0);
const at = z.iso.datetime({ offset: true });

// The fields this shop reads, checked on the verified body as sent (whatever this SDK version names).
const groupEvents = {
  SERVICE_GROUP_JOINED: z.object({
    createdAt: at,
    participant: z.object({ participantId: z.guid(), displayName: z.string().min(1), places: places.min(1), amountMinor: minor }),
    placesSold: places,
    pricePerPlaceMinor: minor,
  }),
  SERVICE_GROUP_TIPPED: z.object({ createdAt: at, placesSold: places, pricePerPlaceMinor: minor }),
  SERVICE_GROUP_FULL: z.object({ createdAt: at, placesSold: places, finalPricePerPlaceMinor: minor }),
} as const;

export type GroupEventOutcome = 'group_recorded' | 'booking_not_found' | 'mismatch';

/**
 * A group event moves the trip's record: who joined (the passenger list), how many places are
 * sold and what one costs now, when it tipped (it will go ahead) and when it filled up. None of
 * them makes the booking paid: only the completion event does, once every payer's money is taken.
 */
export async function recordGroupEvent(tx: Queryable, event: PaySplitEvent & { type: GroupEventType }): Promise<GroupEventOutcome> {
  const booking = event.orderReference ? await findBookingByOrderRef(tx, event.orderReference) : undefined;
  if (!booking) return 'booking_not_found';
  if (booking.kind !== 'open_group' || booking.sessionId !== event.sessionId) return 'mismatch';
  const version = event.sessionVersion;
  switch (event.type) {
    case 'SERVICE_GROUP_JOINED': {
      const parsed = groupEvents.SERVICE_GROUP_JOINED.safeParse(event);
      if (!parsed.success) return 'mismatch';
      const joined = parsed.data;
      await addTraveller(tx, booking.id, { ...joined.participant, joinedAt: new Date(joined.createdAt) });
      await applyGroupProgress(tx, booking.id, {
        sessionVersion: version,
        placesSold: joined.placesSold,
        pricePerPlaceMinor: joined.pricePerPlaceMinor,
      });
      return 'group_recorded';
    }
    case 'SERVICE_GROUP_TIPPED': {
      const parsed = groupEvents.SERVICE_GROUP_TIPPED.safeParse(event);
      if (!parsed.success) return 'mismatch';
      const tipped = parsed.data;
      await applyGroupProgress(tx, booking.id, {
        sessionVersion: version,
        placesSold: tipped.placesSold,
        pricePerPlaceMinor: tipped.pricePerPlaceMinor,
        tippedAt: new Date(tipped.createdAt),
      });
      return 'group_recorded';
    }
    case 'SERVICE_GROUP_FULL': {
      const parsed = groupEvents.SERVICE_GROUP_FULL.safeParse(event);
      if (!parsed.success) return 'mismatch';
      const full = parsed.data;
      await applyGroupProgress(tx, booking.id, {
        sessionVersion: version,
        placesSold: full.placesSold,
        fullAt: new Date(full.createdAt),
        finalPricePerPlaceMinor: full.finalPricePerPlaceMinor,
      });
      return 'group_recorded';
    }
  }
}
