import { createSessionRoute } from './create-session.js';
import { settleCancellationRoute, settleCaptureRoute } from './payment-calls.js';
import { recordPaymentRoute } from './record-payment.js';
import { refundSessionRoute, settleRefundRoute } from './refunds.js';
import type { RestRoute } from './rest-route.js';
import { cancelSessionRoute, getSessionRoute } from './session-details.js';
import { sessionStatusRoute } from './session-status.js';
import { advanceTestClockRoute } from './test-clock.js';

/** Every REST endpoint of the spec, in the order the OpenAPI document lists them. */
export const REST_ROUTES = [
  createSessionRoute,
  getSessionRoute,
  cancelSessionRoute,
  recordPaymentRoute,
  refundSessionRoute,
  settleRefundRoute,
  settleCancellationRoute,
  settleCaptureRoute,
  sessionStatusRoute,
  advanceTestClockRoute,
] as unknown as readonly RestRoute<never, never>[];
