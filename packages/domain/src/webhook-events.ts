/**
 * The kinds of webhook event every merchant may subscribe to, in their wire spelling (the
 * interface's contract): the integration settings accept them, the outbox writes them, GraphQL
 * lists them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'SERVICE_SESSION_COMPLETED',
  'SERVICE_SESSION_EXPIRED',
  'SERVICE_SESSION_CANCELLED',
  'SERVICE_PAYMENT_RECORDED',
  'SERVICE_REFUND_SUCCEEDED',
  'SERVICE_REFUND_FAILED',
] as const;

/** What happens to held money: only integrations of `captureMethod: manual` may subscribe to these. */
export const MANUAL_CAPTURE_EVENT_TYPES = [
  'SERVICE_PAYMENT_CAPTURED',
  'SERVICE_PAYMENT_CAPTURE_FAILED',
  'SERVICE_PAYMENT_RELEASED',
] as const;

/**
 * What happens to an open group (docs/plans/open-groups.md): sent for open sessions only, once per
 * session each (a join once per participant); every integration may subscribe.
 */
export const OPEN_GROUP_EVENT_TYPES = ['SERVICE_GROUP_JOINED', 'SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL'] as const;

export type WebhookEventType =
  (typeof WEBHOOK_EVENT_TYPES)[number] | (typeof OPEN_GROUP_EVENT_TYPES)[number] | (typeof MANUAL_CAPTURE_EVENT_TYPES)[number];

/** Every kind of webhook event, the manual-capture ones last. */
export const ALL_WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  ...WEBHOOK_EVENT_TYPES,
  ...OPEN_GROUP_EVENT_TYPES,
  ...MANUAL_CAPTURE_EVENT_TYPES,
];

export function isManualCaptureEventType(type: WebhookEventType): boolean {
  return (MANUAL_CAPTURE_EVENT_TYPES as readonly string[]).includes(type);
}

/** Sent on request from the administration area ("send test event"); about no session, never subscribed to. */
export const TEST_EVENT_TYPE = 'SERVICE_TEST_EVENT';

/**
 * SERVICE_GROUP_TIPPED, beside the envelope: enough places are held for the group to go ahead.
 * `pricePerPlaceMinor` is what one place is quoted at now (it only falls from here for
 * `split_total`); money as digit strings, counts as numbers.
 */
export interface GroupTippedEventFields {
  placesSold: number;
  pricePerPlaceMinor: string;
  minPlaces: number;
  maxPlaces: number;
}

/** SERVICE_GROUP_FULL, beside the envelope: every place is held, and the group ends at this price per place. */
export interface GroupFullEventFields {
  placesSold: number;
  finalPricePerPlaceMinor: string;
}
