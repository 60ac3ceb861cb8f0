/**
 * The kinds of webhook event a merchant may subscribe to, in their wire spelling (the interface's
 * contract): the integration settings accept them, the outbox writes them, GraphQL lists them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'SERVICE_SESSION_COMPLETED',
  'SERVICE_SESSION_EXPIRED',
  'SERVICE_SESSION_CANCELLED',
  'SERVICE_PAYMENT_RECORDED',
  'SERVICE_REFUND_SUCCEEDED',
  'SERVICE_REFUND_FAILED',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent on request from the administration area ("send test event"); about no session, never subscribed to. */
export const TEST_EVENT_TYPE = 'SERVICE_TEST_EVENT';
