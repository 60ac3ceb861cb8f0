/**
 * Request and response bodies of PaySplit's REST API, named from the types generated out of the
 * server's OpenAPI document (`generated/openapi.ts`, from `openapi.json`): they cannot drift from
 * what the server validates and sends. Money is always integer minor units as a string of digits
 * (`"12050"` = NZ$120.50), so no float ever touches an amount; the one exception is the request
 * field `amount` (major units, a number).
 */
import type { components } from './generated/openapi.js';

type Schemas = components['schemas'];

export type CreateSessionRequest = Schemas['CreateSessionRequest'];
export type CreateSessionResponse = Schemas['CreateSessionResponse'];
export type SessionDetails = Schemas['SessionDetails'];
export type RecordPaymentRequest = Schemas['RecordPaymentRequest'];
export type RecordPaymentResponse = Schemas['RecordPaymentResponse'];
export type SessionStatusResponse = Schemas['SessionStatusResponse'];
/** PaySplit's error body: `{ success: false, code, message, requestId, details? }`. */
export type ErrorResponse = Schemas['Error'];

export type SessionStatus = SessionDetails['status'];
/** The mode of the API key that created the session. */
export type SessionMode = SessionDetails['mode'];
export type SplitMode = NonNullable<CreateSessionRequest['splitMode']>;
export type SessionParticipantInput = NonNullable<CreateSessionRequest['participants']>[number];
/** An open group's terms at creation: anyone with its joinUrl claims places (not with participants or splitMode). */
export type OpenGroupInput = NonNullable<CreateSessionRequest['openGroup']>;
/** An open group as the create reply and the session read state it: its terms and where it stands. */
export type OpenGroup = NonNullable<CreateSessionResponse['openGroup']>;
export type OpenGroupPricing = OpenGroupInput['pricing'];
export type SessionParticipant = SessionDetails['participants'][number];
export type SessionPayment = SessionDetails['payments'][number];
export type PaymentStatus = SessionPayment['status'];
/**
 * A payment for shares another payment had already paid, and where its money is (only for an
 * integration with a partnerCancelUrl; its refunds are then not in `refunds` or `refundedMinor`).
 */
export type SessionDuplicatePayment = NonNullable<SessionDetails['duplicatePayments']>[number];
export type DuplicateOutcome = SessionDuplicatePayment['outcome'];
export type PaymentAction = RecordPaymentRequest['action'];

/** The partner create-payment call's body (PaySplit -> your partnerCreatePaymentUrl). */
export type PartnerCreatePaymentRequest = Schemas['PartnerCreatePaymentRequest'];
/** What your partner create-payment endpoint answers: `{ redirectUrl }`. */
export type PartnerCreatePaymentReply = Schemas['PartnerCreatePaymentReply'];

/** Refunding a session (POST /api/v1/payments/sessions/{sessionId}/refunds). */
export type RefundSessionRequest = Schemas['RefundSessionRequest'];
export type RefundSessionResponse = Schemas['RefundSessionResponse'];
/** One refund: part or all of one payment going back to its payer. */
export type Refund = RefundSessionResponse['refunds'][number];
export type RefundStatus = Refund['status'];
export type RefundAllocation = NonNullable<RefundSessionRequest['allocations']>[number];
/** Settling a refund your endpoint answered `pending` to. */
export type SettleRefundRequest = Schemas['SettleRefundRequest'];
export type SettleRefundResponse = Schemas['SettleRefundResponse'];
/** The partner refund call's body (PaySplit -> your partnerRefundUrl). */
export type PartnerRefundRequest = Schemas['PartnerRefundRequest'];
/** What your partner refund endpoint answers: `{ status, processorRefundReference?, failureReason? }`. */
export type PartnerRefundReply = Schemas['PartnerRefundReply'];

/** The partner cancel call's body (PaySplit -> your partnerCancelUrl): a checkout that will not be used. */
export type PartnerPaymentCancelRequest = Schemas['PartnerPaymentCancelRequest'];
/** What your partner cancel endpoint answers: `{ status, processorReference?, failureReason? }`. */
export type PartnerPaymentCancelReply = Schemas['PartnerPaymentCancelReply'];
export type CancelReason = PartnerPaymentCancelRequest['reason'];
/** Settling a cancellation your endpoint answered `pending` to. */
export type SettleCancellationRequest = Schemas['SettleCancellationRequest'];
export type SettleCancellationResponse = Schemas['SettleCancellationResponse'];

/** The partner capture call's body (PaySplit -> your partnerCaptureUrl; captureMethod manual): capture a held payment. */
export type PartnerPaymentCaptureRequest = Schemas['PartnerPaymentCaptureRequest'];
/** What your partner capture endpoint answers: `{ status, processorReference?, failureReason? }`. */
export type PartnerPaymentCaptureReply = Schemas['PartnerPaymentCaptureReply'];
/** Settling a capture your endpoint answered `pending` to, or never answered. */
export type SettleCaptureRequest = Schemas['SettleCaptureRequest'];
export type SettleCaptureResponse = Schemas['SettleCaptureResponse'];
/** Advancing a test-mode session's clock (POST /api/v1/payments/sessions/{sessionId}/test-clock/advance): `{ seconds }` or `{ to }`. */
export type AdvanceTestClockRequest = Schemas['AdvanceTestClockRequest'];
/** The session's clock after the advance, and what fell due and ran on the way, in order. */
export type AdvanceTestClockResponse = Schemas['AdvanceTestClockResponse'];
export type TestClockRun = AdvanceTestClockResponse['ran'][number];

/** How the integration takes the money: manual holds each share and captures once every share is held. */
export type CaptureMethod = 'automatic' | 'manual';

/** The listen connection's messages (`paysplit listen`): PaySplit's first message. */
export type ListenReady = Schemas['ListenReady'];
/** A call PaySplit would have made to your server, for the listener to make locally. */
export type ListenCall = Schemas['ListenCall'];
/** A listener's answer to a call: the local endpoint's, or why there was none. */
export type ListenAnswer = Schemas['ListenAnswer'];
/** One row of each reconciliation export (`GET /api/v1/exports/{kind}`): a JSON lines object, or a CSV record's columns in order. */
export type ExportSessionRow = Schemas['ExportSessionRow'];
export type ExportPaymentRow = Schemas['ExportPaymentRow'];
export type ExportCaptureRow = Schemas['ExportCaptureRow'];
export type ExportReleaseRow = Schemas['ExportReleaseRow'];
export type ExportRefundRow = Schemas['ExportRefundRow'];
/** Each export kind with its row. */
export interface ExportRows {
  sessions: ExportSessionRow;
  payments: ExportPaymentRow;
  captures: ExportCaptureRow;
  releases: ExportReleaseRow;
  refunds: ExportRefundRow;
}
export type ExportKind = keyof ExportRows;
