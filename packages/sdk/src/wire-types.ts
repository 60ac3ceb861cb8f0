/**
 * Request and response bodies of PaySplit's REST API, exactly as docs/wire-contracts.md states them.
 * Money is always integer minor units as a string of digits (`"12050"` = NZ$120.50), so no float
 * ever touches an amount; the one exception is the request field `amount` (major units, a number).
 */

export type SessionStatus = 'unconfigured' | 'open' | 'partially_paid' | 'completed' | 'expired' | 'cancelled';

/** The mode of the API key that created the session. */
export type SessionMode = 'test' | 'live';

export type SplitMode = 'equal' | 'exact' | 'percent' | 'shares';

/** `authorized` and `failed` are what record-payment sets; the server may report further states. */
export type PaymentStatus = 'pending' | 'authorized' | 'failed' | (string & {});

export interface SessionParticipantInput {
  displayName: string;
  email?: string;
  /** For `splitMode: 'exact'`. */
  amountMinor?: string;
  /** For `splitMode: 'percent'`; all participants sum to 10000. */
  basisPoints?: number;
  /** For `splitMode: 'shares'`: integer weights. */
  shares?: number;
}

export interface CreateSessionRequest {
  integrationId: string;
  /** Total in MAJOR units (`120.5` NZD). Send this or `amountMinor`. */
  amount?: number;
  /** Total in minor units as digits (`"12050"`). Send this or `amount`. */
  amountMinor?: string;
  /** ISO 4217, uppercase; default `NZD`. */
  currency?: string;
  /** Default `true`: the host sets participants and split on the first visit. */
  unconfigured?: boolean;
  successUrl?: string;
  /** Alias of `successUrl`. */
  successReturnUrl?: string;
  cancelUrl?: string;
  metadata?: Record<string, unknown>;
  /** Echoed as `orderReference` in webhooks and partner calls. */
  merchantOrderRef?: string;
  /** Required with `unconfigured: false`; the first is the host. */
  participants?: SessionParticipantInput[];
  splitMode?: SplitMode;
  expiresInSeconds?: number;
}

export interface CreateSessionResponse {
  success: true;
  sessionId: string;
  /** A secret: use it only in a server-side redirect; never log it. */
  hostToken: string;
  participantIds: string[];
  mode: SessionMode;
  message: string;
  /** Where to redirect the host (carries the hostToken). */
  sessionUrl: string;
  status: SessionStatus;
  expiresAt: string;
  amountMinor: string;
  currency: string;
}

export interface SessionParticipant {
  participantId: string;
  displayName: string;
  email: string | null;
  isHost: boolean;
  amountMinor: string;
  status: 'pending' | 'paid';
}

export interface SessionPayment {
  paymentId: string;
  participantId: string;
  amountMinor: string;
  status: PaymentStatus;
  processorReference: string | null;
  refundRequired: boolean;
}

export interface SessionDetails {
  success: true;
  sessionId: string;
  status: SessionStatus;
  mode: SessionMode;
  currency: string;
  amountMinor: string;
  paidMinor: string;
  remainingMinor: string;
  orderReference: string | null;
  metadata: Record<string, unknown>;
  /** Increments on every change of the session. */
  version: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  participants: SessionParticipant[];
  payments: SessionPayment[];
}

export type PaymentAction = 'authorize' | 'fail';

export interface RecordPaymentRequest {
  /** The `paymentId` of the partner create-payment call. */
  paymentId: string;
  action: PaymentAction;
  processorReference?: string;
  /** What the processor actually authorized; a mismatch is refused with `AMOUNT_MISMATCH`. */
  amountMinor?: string;
}

export interface RecordPaymentResponse {
  success: true;
  paymentId: string;
  sessionId: string;
  participantId: string;
  paymentStatus: PaymentStatus;
  sessionStatus: SessionStatus;
  paidMinor: string;
  remainingMinor: string;
  /** True when this authorization came for an already-paid share: refund it. */
  refundRequired: boolean;
  /** 302 the host's browser here. */
  serviceHostResumeUrl: string;
  /** 302 a participant's browser here. */
  serviceParticipantReturnUrl: string;
}

export interface SessionStatusResponse {
  success: true;
  sessionId: string;
  status: SessionStatus;
  currency: string;
  amountMinor: string;
  paidMinor: string;
  remainingMinor: string;
  participantCount: number;
  paidCount: number;
  completed: boolean;
  expiresAt: string;
  updatedAt: string;
}
