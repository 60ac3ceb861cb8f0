export { createClient } from './client.js';
export type { ClientOptions, CreateSessionOptions, ExportOptions, ExportStream, PaySplitClient } from './client.js';
export { PaySplitError } from './paysplit-error.js';
export type { PaySplitErrorDetail, PaySplitErrorInit } from './paysplit-error.js';
export type {
  AdvanceTestClockRequest,
  AdvanceTestClockResponse,
  TestClockRun,
  CreateSessionRequest,
  CreateSessionResponse,
  ErrorResponse,
  ExportCaptureRow,
  ExportKind,
  ExportPaymentRow,
  ExportRefundRow,
  ExportReleaseRow,
  ExportRows,
  ExportSessionRow,
  PartnerCreatePaymentReply,
  PartnerCreatePaymentRequest,
  PaymentAction,
  PaymentStatus,
  RecordPaymentRequest,
  RecordPaymentResponse,
  PartnerRefundReply,
  PartnerRefundRequest,
  CancelReason,
  PartnerPaymentCancelReply,
  PartnerPaymentCancelRequest,
  SettleCancellationRequest,
  SettleCancellationResponse,
  CaptureMethod,
  PartnerPaymentCaptureReply,
  PartnerPaymentCaptureRequest,
  SettleCaptureRequest,
  SettleCaptureResponse,
  Refund,
  RefundAllocation,
  RefundSessionRequest,
  RefundSessionResponse,
  RefundStatus,
  SessionDetails,
  SessionDuplicatePayment,
  DuplicateOutcome,
  SettleRefundRequest,
  SettleRefundResponse,
  SessionMode,
  SessionParticipant,
  SessionParticipantInput,
  OpenGroup,
  OpenGroupInput,
  OpenGroupPricing,
  SessionPayment,
  SessionStatus,
  SessionStatusResponse,
  SplitMode,
  ListenAnswer,
  ListenCall,
  ListenReady,
} from './wire-types.js';
export { SignatureVerificationError, createSignedHeaders, signPayload, verifySignature } from './signatures.js';
export type { HeadersLike, SignatureVerificationFailure, SignedHeaders, VerifyOptions } from './signatures.js';
export { PaySplitPayloadError } from './signed-payload.js';
export { isEventType, webhooks } from './webhooks.js';
export type {
  CompletedSessionPayment,
  KnownPaySplitEvent,
  KnownPaySplitEventType,
  PaySplitEvent,
  PaySplitEventEnvelope,
  PaymentCapturedEvent,
  PaymentCaptureFailedEvent,
  PaymentRecordedEvent,
  PaymentReleasedEvent,
  GroupJoinedEvent,
  RefundFailedEvent,
  RefundSucceededEvent,
  SessionCancelledEvent,
  SessionCompletedEvent,
  SessionExpiredEvent,
  TestEvent,
  UnknownEvent,
} from './webhooks.js';
export { partner } from './partner.js';
export type {
  PartnerCreatePaymentPayload,
  PartnerPaymentCancelPayload,
  PartnerPaymentCapturePayload,
  PartnerRefundPayload,
} from './partner.js';
export { ISO_4217_EXPONENTS, formatMinor, formatMinorAsMajor, isSupportedCurrency, minorUnitExponent } from './currencies.js';
export type { CurrencyCode } from './currencies.js';
export { LISTEN_CLOSE_CODES, LISTEN_MAX_ANSWER_BODY_CHARS, LISTEN_PATH, LISTEN_SUBPROTOCOL } from './listen-protocol.js';
