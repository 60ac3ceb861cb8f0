/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** MERCHANT manages its own integrations; OPERATOR (PaySplit staff) sees all. */
export type AccountRole = 'MERCHANT' | 'OPERATOR';

/** How far to advance a test-mode session’s clock: exactly one of seconds and to. */
export type AdvanceTestClockInput = {
  /** Seconds to advance by: 1 to 5184000 (60 days). */
  seconds?: number | null | undefined;
  /** An ISO 8601 time with its offset to advance to: not before the session's clock, at most 60 days after it. */
  to?: string | null | undefined;
};

/** REPLACED: a newer attempt of the payer replaced it; SHARE_CHANGED: the host changed or removed the share; SHARE_PAID: another payment paid the share; SESSION_EXPIRED / SESSION_CANCELLED: the session ended. MANUAL capture only: DUPLICATE: a hold for a share already paid; CAPTURE_FAILED: the rest of a hold whose capture was declined; HOLD_LAPSED: a hold about to lapse before everyone paid (its share was reopened). */
export type CancelReason =
  | 'CANNOT_COUNT'
  | 'CAPTURE_FAILED'
  | 'DUPLICATE'
  | 'HOLD_LAPSED'
  | 'PAYER_LEFT'
  | 'REPLACED'
  | 'RESERVATION_LAPSED'
  | 'SESSION_CANCELLED'
  | 'SESSION_EXPIRED'
  | 'SHARE_CHANGED'
  | 'SHARE_PAID';

/** PENDING: asked for, not yet done; SUCCEEDED: the checkout can no longer be paid; FAILED: it could not be cancelled. */
export type CancellationStatus = 'FAILED' | 'PENDING' | 'SUCCEEDED';

/** AUTOMATIC: each share is charged when paid. MANUAL: each share is only held, and PaySplit asks for every capture (partner.payment.capture) once all are held. */
export type CaptureMethod = 'AUTOMATIC' | 'MANUAL';

/** SESSION_COMPLETE: every share of the session is held. */
export type CaptureReason = 'SESSION_COMPLETE';

/** PENDING: asked for, not yet done (a capture never answered stays PENDING until settled); SUCCEEDED: the money is taken; FAILED: the capture was declined. */
export type CaptureStatus = 'FAILED' | 'PENDING' | 'SUCCEEDED';

/** A half-open time range [from, to). */
export type DateRangeInput = {
  from: string;
  to: string;
};

export type DeliveryFilter = {
  from?: string | null | undefined;
  integrationId?: string | number | null | undefined;
  /** pending, delivering, retrying, succeeded or failed */
  status?: string | null | undefined;
  to?: string | null | undefined;
};

/** Webhook event kinds; completion is always sent (decisions §6). SERVICE_PAYMENT_CAPTURED, SERVICE_PAYMENT_CAPTURE_FAILED and SERVICE_PAYMENT_RELEASED: captureMethod MANUAL only. SERVICE_GROUP_JOINED, SERVICE_GROUP_TIPPED and SERVICE_GROUP_FULL: sent for open groups only. */
export type EventType =
  | 'SERVICE_GROUP_FULL'
  | 'SERVICE_GROUP_JOINED'
  | 'SERVICE_GROUP_TIPPED'
  | 'SERVICE_PAYMENT_CAPTURED'
  | 'SERVICE_PAYMENT_CAPTURE_FAILED'
  | 'SERVICE_PAYMENT_RECORDED'
  | 'SERVICE_PAYMENT_RELEASED'
  | 'SERVICE_REFUND_FAILED'
  | 'SERVICE_REFUND_SUCCEEDED'
  | 'SERVICE_SESSION_CANCELLED'
  | 'SERVICE_SESSION_COMPLETED'
  | 'SERVICE_SESSION_EXPIRED';

/** Integration settings; on update, absent fields stay as they are and "" clears a URL. */
export type IntegrationSettingsInput = {
  /** #RRGGBB; refused (VALIDATION_ERROR) when white text on it is below 4.5:1 contrast. "" clears it. */
  accentColor?: string | null | undefined;
  /** MANUAL needs partnerCancelUrl and partnerCaptureUrl (VALIDATION_ERROR naming the one missing). Default AUTOMATIC. */
  captureMethod?: CaptureMethod | null | undefined;
  /** Shown to payers (at most 80 characters); "" clears it. */
  displayName?: string | null | undefined;
  enabled?: boolean | null | undefined;
  eventSubscriptions?: Array<EventType> | null | undefined;
  /** Seconds a hold lasts, 3600 (1 hour) to 2592000 (30 days); a MANUAL session must end an hour before. Default 604800. */
  holdLifetimeSeconds?: number | null | undefined;
  /** An absolute https image address; "" clears it. */
  logoUrl?: string | null | undefined;
  name?: string | null | undefined;
  /** https (http in test mode); "" clears it (checkouts that will not be used are then not cancelled). */
  partnerCancelUrl?: string | null | undefined;
  /** https (http in test mode); required with captureMethod MANUAL, "" clears it otherwise. */
  partnerCaptureUrl?: string | null | undefined;
  partnerCreatePaymentUrl?: string | null | undefined;
  /** https (http in test mode); "" clears it (refunds are then owed by hand). */
  partnerRefundUrl?: string | null | undefined;
  redirectAllowlist?: Array<string> | null | undefined;
  /** Reminder times in minutes before the deadline: 0 to 10 distinct values from 5 (minutes) to 43200 (30 days); [] sends none. */
  reminderOffsetsMinutes?: Array<number> | null | undefined;
  /** The IANA time zone emails give times in, such as Pacific/Auckland (VALIDATION_ERROR for anything else, offsets included); default UTC. */
  timeZone?: string | null | undefined;
  webhookUrl?: string | null | undefined;
};

/** Request log filters, combined with AND; name an integration, a request id or a session. */
export type MerchantRequestFilter = {
  /** Arrived at or after. */
  from?: string | null | undefined;
  integrationId?: string | number | null | undefined;
  /** Paths starting with this. */
  path?: string | null | undefined;
  /** Exact X-Request-Id. */
  requestId?: string | null | undefined;
  sessionId?: string | number | null | undefined;
  /** Exact HTTP status. */
  status?: number | null | undefined;
  /** 2 for 2xx, 4 for 4xx, 5 for 5xx. */
  statusClass?: number | null | undefined;
  /** Arrived before. */
  to?: string | null | undefined;
};

/** test or live, taken from the API key that created the session. */
export type Mode = 'LIVE' | 'TEST';

/** PER_PLACE: every place costs pricePerPlaceMinor. SPLIT_TOTAL: the amount is shared by every place sold. */
export type OpenGroupPricing = 'PER_PLACE' | 'SPLIT_TOTAL';

/** LEFT and LAPSED: open groups only (a payer who gave their places up; a claim whose reservation ran out). */
export type ParticipantStatus = 'LAPSED' | 'LEFT' | 'PAID' | 'PENDING';

export type PayoutOnboardingInput = {
  /** An IBAN, or a New Zealand account number such as 12-3140-0123456-00. */
  bankAccount: string;
  contactEmail: string;
  legalName: string;
};

/** Live keys and live sessions need COMPLETE. */
export type PayoutOnboardingStatus = 'COMPLETE' | 'PENDING';

/** BOOKING: money paid toward the session; DUPLICATE: a payment for shares another payment had already paid; PRICE_DROP: what an open group’s payer paid above their final amount (the price per place fell as more joined). */
export type RefundPurpose = 'BOOKING' | 'DUPLICATE' | 'PRICE_DROP';

/** AUTOMATIC: money the session could not use (expired, cancelled, late); MERCHANT: asked for over the API. */
export type RefundSource = 'AUTOMATIC' | 'MERCHANT';

/** PENDING: asked for, not yet back; SUCCEEDED; FAILED. */
export type RefundStatus = 'FAILED' | 'PENDING' | 'SUCCEEDED';

/** Sessions explorer filters; all optional and combined with AND. */
export type SessionFilter = {
  amountMinorMax?: string | null | undefined;
  amountMinorMin?: string | null | undefined;
  /** Created at or after. */
  createdFrom?: string | null | undefined;
  /** Created before. */
  createdTo?: string | null | undefined;
  /** ISO 4217 code; with an amount range, compare amounts in one currency. */
  currency?: string | null | undefined;
  integrationId?: string | number | null | undefined;
  mode?: Mode | null | undefined;
  /** Exact merchantOrderRef. */
  orderReference?: string | null | undefined;
  status?: Array<SessionStatus> | null | undefined;
};

/** Where a session is in its lifecycle. */
export type SessionStatus = 'CANCELLED' | 'CAPTURING' | 'COMPLETED' | 'EXPIRED' | 'OPEN' | 'PARTIALLY_PAID' | 'UNCONFIGURED';

/** WEBHOOK signs events sent to the webhook URL; PARTNER signs create-payment calls. */
export type SigningSecretKind = 'PARTNER' | 'WEBHOOK';

/** How the total is divided among participants. */
export type SplitMode = 'EQUAL' | 'EXACT' | 'PERCENT' | 'SHARES';

/** REMINDER: a reminder email was queued to an unpaid payer; HOLD_LAPSED: a hold about to lapse stopped counting and was released (MANUAL capture); SESSION_EXPIRED: the deadline passed and the session expired. */
export type TestClockRunKind = 'GROUP_ENDED' | 'HOLD_LAPSED' | 'REMINDER' | 'RESERVATION_LAPSED' | 'SESSION_EXPIRED';

export type AdminViewerFieldsFragment = {
  accountId: string;
  email: string;
  role: AccountRole;
  mustChangePassword: boolean;
  csrfToken: string;
};

export type AdminMeQueryVariables = Exact<{ [key: string]: never }>;

export type AdminMeQuery = { me: AdminViewerFieldsFragment | null };

export type AdminLoginMutationVariables = Exact<{
  email: string;
  password: string;
}>;

export type AdminLoginMutation = { login: AdminViewerFieldsFragment };

export type AdminRegisterAccountMutationVariables = Exact<{
  email: string;
  password: string;
}>;

export type AdminRegisterAccountMutation = { registerAccount: AdminViewerFieldsFragment };

export type AdminChangePasswordMutationVariables = Exact<{
  currentPassword: string;
  newPassword: string;
}>;

export type AdminChangePasswordMutation = { changePassword: AdminViewerFieldsFragment };

export type AdminLogoutMutationVariables = Exact<{ [key: string]: never }>;

export type AdminLogoutMutation = { logout: boolean };

export type AdminStatsQueryVariables = Exact<{
  range: DateRangeInput;
  integrationId?: string | number | null | undefined;
}>;

export type AdminStatsQuery = {
  stats: {
    sessionCount: number;
    medianSecondsToComplete: number | null;
    deliverySuccessRate: number | null;
    countsByStatus: Array<{ status: SessionStatus; count: number }>;
    collected: Array<{ currency: string; amountMinor: string }>;
    refunded: Array<{ currency: string; amountMinor: string }>;
  };
};

export type AdminDeliveryFieldsFragment = {
  id: string;
  url: string;
  status: string;
  attemptCount: number;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  attempts: Array<{
    attemptNumber: number;
    startedAt: string;
    statusCode: number | null;
    durationMs: number;
    responseExcerpt: string | null;
    error: string | null;
  }>;
};

export type AdminEventFieldsFragment = { eventId: string; type: string; createdAt: string; deliveries: Array<AdminDeliveryFieldsFragment> };

export type AdminSendTestEventMutationVariables = Exact<{
  integrationId: string | number;
}>;

export type AdminSendTestEventMutation = { sendTestEvent: AdminEventFieldsFragment };

export type AdminRedeliverEventMutationVariables = Exact<{
  eventId: string | number;
}>;

export type AdminRedeliverEventMutation = { redeliverEvent: Array<AdminDeliveryFieldsFragment> };

export type AdminReplayFailedDeliveriesMutationVariables = Exact<{
  integrationId: string | number;
  range: DateRangeInput;
}>;

export type AdminReplayFailedDeliveriesMutation = { replayFailedDeliveries: { requeued: number } };

export type AdminWebhookDeliveriesQueryVariables = Exact<{
  filter?: DeliveryFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;

export type AdminWebhookDeliveriesQuery = {
  webhookDeliveries: {
    edges: Array<{
      node: {
        eventId: string;
        eventType: string;
        sessionId: string | null;
        integrationId: string;
        createdAt: string;
        delivery: AdminDeliveryFieldsFragment;
      };
    }>;
    pageInfo: AdminPageInfoFragment;
  };
};

export type AdminIntegrationSummaryFragment = {
  id: string;
  name: string;
  enabled: boolean;
  webhookUrl: string | null;
  ownerEmail: string | null;
  createdAt: string;
  payoutOnboarding: { status: PayoutOnboardingStatus };
};

export type AdminIntegrationsQueryVariables = Exact<{ [key: string]: never }>;

export type AdminIntegrationsQuery = { integrations: Array<AdminIntegrationSummaryFragment> };

export type AdminIntegrationFieldsFragment = {
  reminderOffsetsMinutes: Array<number>;
  timeZone: string;
  displayName: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  partnerCreatePaymentUrl: string | null;
  partnerRefundUrl: string | null;
  partnerCancelUrl: string | null;
  captureMethod: CaptureMethod;
  partnerCaptureUrl: string | null;
  holdLifetimeSeconds: number;
  redirectAllowlist: Array<string>;
  eventSubscriptions: Array<EventType>;
  payoutOnboarding: { legalName: string | null; bankAccountMasked: string | null; contactEmail: string | null; completedAt: string | null };
  apiKeys: Array<{
    id: string;
    name: string | null;
    mode: Mode;
    last4: string;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }>;
  signingSecrets: Array<{ kind: SigningSecretKind; rotatedAt: string | null; previousValidUntil: string | null }>;
} & AdminIntegrationSummaryFragment;

export type AdminIntegrationQueryVariables = Exact<{
  id: string | number;
}>;

export type AdminIntegrationQuery = { integration: AdminIntegrationFieldsFragment };

export type AdminCreateIntegrationMutationVariables = Exact<{
  input: IntegrationSettingsInput;
}>;

export type AdminCreateIntegrationMutation = { createIntegration: AdminIntegrationFieldsFragment };

export type AdminUpdateIntegrationMutationVariables = Exact<{
  id: string | number;
  input: IntegrationSettingsInput;
}>;

export type AdminUpdateIntegrationMutation = { updateIntegration: AdminIntegrationFieldsFragment };

export type AdminCreateApiKeyMutationVariables = Exact<{
  integrationId: string | number;
  mode: Mode;
  name?: string | null | undefined;
}>;

export type AdminCreateApiKeyMutation = { createApiKey: { apiKey: string; key: { id: string; last4: string; mode: Mode } } };

export type AdminRevokeApiKeyMutationVariables = Exact<{
  integrationId: string | number;
  keyId: string | number;
}>;

export type AdminRevokeApiKeyMutation = { revokeApiKey: { id: string; revokedAt: string | null } };

export type AdminRotateSigningSecretMutationVariables = Exact<{
  integrationId: string | number;
  kind: SigningSecretKind;
}>;

export type AdminRotateSigningSecretMutation = {
  rotateSigningSecret: { secret: string; kind: SigningSecretKind; previousValidUntil: string };
};

export type AdminSubmitPayoutOnboardingMutationVariables = Exact<{
  integrationId: string | number;
  input: PayoutOnboardingInput;
}>;

export type AdminSubmitPayoutOnboardingMutation = { submitPayoutOnboarding: AdminIntegrationFieldsFragment };

export type AdminAuditLogQueryVariables = Exact<{
  integrationId?: string | number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;

export type AdminAuditLogQuery = {
  auditLog: {
    edges: Array<{ node: { id: string; at: string; actor: string; action: string; summary: string } }>;
    pageInfo: AdminPageInfoFragment;
  };
};

export type AdminUpdateEmailSettingsMutationVariables = Exact<{
  id: string | number;
  input: IntegrationSettingsInput;
}>;

export type AdminUpdateEmailSettingsMutation = { updateIntegration: AdminIntegrationFieldsFragment };

export type AdminOperatorTokensQueryVariables = Exact<{ [key: string]: never }>;

export type AdminOperatorTokensQuery = {
  operatorTokens: Array<{
    id: string;
    name: string;
    last4: string;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }>;
};

export type AdminCreateOperatorTokenMutationVariables = Exact<{
  name: string;
}>;

export type AdminCreateOperatorTokenMutation = { createOperatorToken: { token: string; record: { id: string; last4: string } } };

export type AdminRevokeOperatorTokenMutationVariables = Exact<{
  id: string | number;
}>;

export type AdminRevokeOperatorTokenMutation = { revokeOperatorToken: { id: string; revokedAt: string | null } };

export type AdminMerchantRequestFieldsFragment = {
  id: string;
  at: string;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  requestId: string;
  durationMs: number;
  sessionId: string | null;
};

export type AdminMerchantRequestsQueryVariables = Exact<{
  filter: MerchantRequestFilter;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;

export type AdminMerchantRequestsQuery = {
  merchantRequests: { edges: Array<{ node: AdminMerchantRequestFieldsFragment }>; pageInfo: AdminPageInfoFragment };
};

export type AdminMerchantRequestQueryVariables = Exact<{
  id: string | number;
}>;

export type AdminMerchantRequestQuery = {
  merchantRequest: {
    integrationId: string | null;
    apiKeyId: string | null;
    mode: Mode | null;
    idempotencyKey: string | null;
    requestBody: string | null;
    responseBody: string | null;
  } & AdminMerchantRequestFieldsFragment;
};

export type AdminSessionSummaryFragment = {
  id: string;
  integrationId: string;
  status: SessionStatus;
  mode: Mode;
  currency: string;
  amountMinor: string;
  paidMinor: string;
  refundedMinor: string;
  orderReference: string | null;
  description: string | null;
  createdAt: string;
};

export type AdminSessionsQueryVariables = Exact<{
  filter?: SessionFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;

export type AdminSessionsQuery = { sessions: { edges: Array<{ node: AdminSessionSummaryFragment }>; pageInfo: AdminPageInfoFragment } };

export type AdminSessionQueryVariables = Exact<{
  id: string | number;
}>;

export type AdminSessionQuery = {
  session: {
    integrationName: string;
    remainingMinor: string;
    splitMode: SplitMode | null;
    updatedAt: string;
    completedAt: string | null;
    expiresAt: string;
    testClockAt: string | null;
    version: number;
    openGroup: {
      pricing: OpenGroupPricing;
      minPlaces: number;
      maxPlaces: number;
      maxPlacesPerPayer: number | null;
      pricePerPlaceMinor: string;
      maxPricePerPlaceMinor: string;
      finalPricePerPlaceMinor: string | null;
      placesSold: number;
      placesReserved: number;
      placesLeft: number;
      tippedAt: string | null;
      fullAt: string | null;
      organiserName: string | null;
      joinUrl: string | null;
    } | null;
    participants: Array<{
      id: string;
      displayName: string;
      email: string | null;
      amountMinor: string;
      status: ParticipantStatus;
      isHost: boolean;
      position: number;
      places: number | null;
      finalAmountMinor: string | null;
    }>;
    payments: Array<{
      id: string;
      participantId: string;
      amountMinor: string;
      status: string;
      processorReference: string | null;
      refundRequired: boolean;
      refundedAt: string | null;
      duplicateOf: string | null;
      createdAt: string;
      authorizedAt: string | null;
      endedAt: string | null;
      failureReason: string | null;
      captureMethod: CaptureMethod;
      holdExpiresAt: string | null;
      capturedAt: string | null;
      releasedAt: string | null;
    }>;
    refunds: Array<{
      refundId: string;
      paymentId: string;
      participantId: string;
      amountMinor: string;
      currency: string;
      status: RefundStatus;
      reason: string | null;
      source: RefundSource;
      purpose: RefundPurpose;
      processorRefundReference: string | null;
      failureReason: string | null;
      createdAt: string;
      settledAt: string | null;
      attempts: number;
      attemptLog: Array<{
        attempt: number;
        startedAt: string;
        durationMs: number;
        httpStatus: number | null;
        outcome: string;
        excerpt: string | null;
      }>;
    }>;
    cancellations: Array<{
      cancelId: string;
      paymentId: string;
      participantId: string;
      amountMinor: string;
      reason: CancelReason;
      status: CancellationStatus;
      processorReference: string | null;
      failureReason: string | null;
      createdAt: string;
      settledAt: string | null;
      attempts: number;
      attemptLog: Array<{
        attempt: number;
        startedAt: string;
        durationMs: number;
        httpStatus: number | null;
        outcome: string;
        excerpt: string | null;
      }>;
    }>;
    captures: Array<{
      captureId: string;
      paymentId: string;
      participantId: string;
      amountMinor: string;
      reason: CaptureReason;
      status: CaptureStatus;
      processorReference: string | null;
      failureReason: string | null;
      createdAt: string;
      settledAt: string | null;
      attempts: number;
      attemptLog: Array<{
        attempt: number;
        startedAt: string;
        durationMs: number;
        httpStatus: number | null;
        outcome: string;
        excerpt: string | null;
      }>;
    }>;
    events: Array<AdminEventFieldsFragment>;
  } & AdminSessionSummaryFragment;
};

export type AdminAdvanceTestClockMutationVariables = Exact<{
  sessionId: string | number;
  input: AdvanceTestClockInput;
}>;

export type AdminAdvanceTestClockMutation = {
  advanceTestClock: {
    sessionId: string;
    status: SessionStatus;
    testClockAt: string;
    ran: Array<{
      at: string;
      kind: TestClockRunKind;
      participantId: string | null;
      paymentId: string | null;
      offsetMinutes: number | null;
    }>;
  };
};

export type AdminSessionEmailsQueryVariables = Exact<{
  id: string | number;
}>;

export type AdminSessionEmailsQuery = {
  session: {
    id: string;
    emails: Array<{
      id: string;
      kind: string;
      status: string;
      recipient: string | null;
      createdAt: string;
      sentAt: string | null;
      attempts: Array<{ attempt: number; startedAt: string; durationMs: number; outcome: string; excerpt: string | null }>;
    }>;
  };
};

export type AdminPageInfoFragment = { hasNextPage: boolean; endCursor: string | null };

export class TypedDocumentString<TResult, TVariables> extends String implements DocumentTypeDecoration<TResult, TVariables> {
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AdminViewerFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment AdminViewerFields on AdminViewer {
  accountId
  email
  role
  mustChangePassword
  csrfToken
}
    `,
  { fragmentName: 'AdminViewerFields' },
) as unknown as TypedDocumentString<AdminViewerFieldsFragment, unknown>;
export const AdminDeliveryFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}
    `,
  { fragmentName: 'AdminDeliveryFields' },
) as unknown as TypedDocumentString<AdminDeliveryFieldsFragment, unknown>;
export const AdminEventFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment AdminEventFields on WebhookEventView {
  eventId
  type
  createdAt
  deliveries {
    ...AdminDeliveryFields
  }
}
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}`,
  { fragmentName: 'AdminEventFields' },
) as unknown as TypedDocumentString<AdminEventFieldsFragment, unknown>;
export const AdminIntegrationSummaryFragmentDoc = new TypedDocumentString(
  `
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
    `,
  { fragmentName: 'AdminIntegrationSummary' },
) as unknown as TypedDocumentString<AdminIntegrationSummaryFragment, unknown>;
export const AdminIntegrationFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}`,
  { fragmentName: 'AdminIntegrationFields' },
) as unknown as TypedDocumentString<AdminIntegrationFieldsFragment, unknown>;
export const AdminMerchantRequestFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment AdminMerchantRequestFields on MerchantRequest {
  id
  at
  method
  path
  status
  errorCode
  requestId
  durationMs
  sessionId
}
    `,
  { fragmentName: 'AdminMerchantRequestFields' },
) as unknown as TypedDocumentString<AdminMerchantRequestFieldsFragment, unknown>;
export const AdminSessionSummaryFragmentDoc = new TypedDocumentString(
  `
    fragment AdminSessionSummary on SessionView {
  id
  integrationId
  status
  mode
  currency
  amountMinor
  paidMinor
  refundedMinor
  orderReference
  description
  createdAt
}
    `,
  { fragmentName: 'AdminSessionSummary' },
) as unknown as TypedDocumentString<AdminSessionSummaryFragment, unknown>;
export const AdminPageInfoFragmentDoc = new TypedDocumentString(
  `
    fragment AdminPageInfo on PageInfo {
  hasNextPage
  endCursor
}
    `,
  { fragmentName: 'AdminPageInfo' },
) as unknown as TypedDocumentString<AdminPageInfoFragment, unknown>;
export const AdminMeDocument = new TypedDocumentString(
  `
    query AdminMe {
  me {
    ...AdminViewerFields
  }
}
    fragment AdminViewerFields on AdminViewer {
  accountId
  email
  role
  mustChangePassword
  csrfToken
}`,
  { hash: 'sha256:59c59d48c9c70c54e2a16dc63e7f4664aacadece39ff7ff08e39ae056b974089' },
) as unknown as TypedDocumentString<AdminMeQuery, AdminMeQueryVariables>;
export const AdminLoginDocument = new TypedDocumentString(
  `
    mutation AdminLogin($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    ...AdminViewerFields
  }
}
    fragment AdminViewerFields on AdminViewer {
  accountId
  email
  role
  mustChangePassword
  csrfToken
}`,
  { hash: 'sha256:d1a98d868f02455cb30716f59e252ae5c8efeab8caa84b2943eba2e01d7d59a3' },
) as unknown as TypedDocumentString<AdminLoginMutation, AdminLoginMutationVariables>;
export const AdminRegisterAccountDocument = new TypedDocumentString(
  `
    mutation AdminRegisterAccount($email: String!, $password: String!) {
  registerAccount(email: $email, password: $password) {
    ...AdminViewerFields
  }
}
    fragment AdminViewerFields on AdminViewer {
  accountId
  email
  role
  mustChangePassword
  csrfToken
}`,
  { hash: 'sha256:6cefef58ab42d0054cbfaf954101de37b6f0a3512125dabfe012298a48f88e5b' },
) as unknown as TypedDocumentString<AdminRegisterAccountMutation, AdminRegisterAccountMutationVariables>;
export const AdminChangePasswordDocument = new TypedDocumentString(
  `
    mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
    ...AdminViewerFields
  }
}
    fragment AdminViewerFields on AdminViewer {
  accountId
  email
  role
  mustChangePassword
  csrfToken
}`,
  { hash: 'sha256:86b17136e3ca8d8a775c6e3a210a3f0d1d2a87229ac854feafc639390207bd1b' },
) as unknown as TypedDocumentString<AdminChangePasswordMutation, AdminChangePasswordMutationVariables>;
export const AdminLogoutDocument = new TypedDocumentString(
  `
    mutation AdminLogout {
  logout
}
    `,
  { hash: 'sha256:eaed8f64de942f1cb68fcc849cbf7051241f22312cb0d4483af3fc5c5b467d1e' },
) as unknown as TypedDocumentString<AdminLogoutMutation, AdminLogoutMutationVariables>;
export const AdminStatsDocument = new TypedDocumentString(
  `
    query AdminStats($range: DateRangeInput!, $integrationId: ID) {
  stats(range: $range, integrationId: $integrationId) {
    sessionCount
    countsByStatus {
      status
      count
    }
    collected {
      currency
      amountMinor
    }
    refunded {
      currency
      amountMinor
    }
    medianSecondsToComplete
    deliverySuccessRate
  }
}
    `,
  { hash: 'sha256:91839e891b1359af6e5004cc78d7e77306e92b6e671ffbfe97c0458743482a6d' },
) as unknown as TypedDocumentString<AdminStatsQuery, AdminStatsQueryVariables>;
export const AdminSendTestEventDocument = new TypedDocumentString(
  `
    mutation AdminSendTestEvent($integrationId: ID!) {
  sendTestEvent(integrationId: $integrationId) {
    ...AdminEventFields
  }
}
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}
fragment AdminEventFields on WebhookEventView {
  eventId
  type
  createdAt
  deliveries {
    ...AdminDeliveryFields
  }
}`,
  { hash: 'sha256:8ac1fab93b4e57a9c42c65e02e4dc30675a19d74521dfb204eefdd844b89a8db' },
) as unknown as TypedDocumentString<AdminSendTestEventMutation, AdminSendTestEventMutationVariables>;
export const AdminRedeliverEventDocument = new TypedDocumentString(
  `
    mutation AdminRedeliverEvent($eventId: ID!) {
  redeliverEvent(eventId: $eventId) {
    ...AdminDeliveryFields
  }
}
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}`,
  { hash: 'sha256:5613e39d07b65977718dbaf812840ad97d4dbd0a45ebffa1e0eea9d632687b98' },
) as unknown as TypedDocumentString<AdminRedeliverEventMutation, AdminRedeliverEventMutationVariables>;
export const AdminReplayFailedDeliveriesDocument = new TypedDocumentString(
  `
    mutation AdminReplayFailedDeliveries($integrationId: ID!, $range: DateRangeInput!) {
  replayFailedDeliveries(integrationId: $integrationId, range: $range) {
    requeued
  }
}
    `,
  { hash: 'sha256:c47be299eb9d3282a3ad496836e69dd4885de3c077759e4935b74c3c0c3ea2ae' },
) as unknown as TypedDocumentString<AdminReplayFailedDeliveriesMutation, AdminReplayFailedDeliveriesMutationVariables>;
export const AdminWebhookDeliveriesDocument = new TypedDocumentString(
  `
    query AdminWebhookDeliveries($filter: DeliveryFilter, $first: Int, $after: String) {
  webhookDeliveries(filter: $filter, first: $first, after: $after) {
    edges {
      node {
        eventId
        eventType
        sessionId
        integrationId
        createdAt
        delivery {
          ...AdminDeliveryFields
        }
      }
    }
    pageInfo {
      ...AdminPageInfo
    }
  }
}
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}
fragment AdminPageInfo on PageInfo {
  hasNextPage
  endCursor
}`,
  { hash: 'sha256:043b538959b27b2ca678a51caf7d9655d4a2bfe97942f4566213c256afcdf17d' },
) as unknown as TypedDocumentString<AdminWebhookDeliveriesQuery, AdminWebhookDeliveriesQueryVariables>;
export const AdminIntegrationsDocument = new TypedDocumentString(
  `
    query AdminIntegrations {
  integrations {
    ...AdminIntegrationSummary
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}`,
  { hash: 'sha256:6337a08c4372b46aec457dc8c35a5ec8df22828e297343018fc50ce96d10593f' },
) as unknown as TypedDocumentString<AdminIntegrationsQuery, AdminIntegrationsQueryVariables>;
export const AdminIntegrationDocument = new TypedDocumentString(
  `
    query AdminIntegration($id: ID!) {
  integration(id: $id) {
    ...AdminIntegrationFields
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}`,
  { hash: 'sha256:4276e01f2b7f42c07a948f292e29b94d2342a4a4aa9c10a67b95896f18f1e53d' },
) as unknown as TypedDocumentString<AdminIntegrationQuery, AdminIntegrationQueryVariables>;
export const AdminCreateIntegrationDocument = new TypedDocumentString(
  `
    mutation AdminCreateIntegration($input: IntegrationSettingsInput!) {
  createIntegration(input: $input) {
    ...AdminIntegrationFields
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}`,
  { hash: 'sha256:a397fcbc317f085d1aa01eef24b9c35400b530b4d6c75f75178f29c0d044e810' },
) as unknown as TypedDocumentString<AdminCreateIntegrationMutation, AdminCreateIntegrationMutationVariables>;
export const AdminUpdateIntegrationDocument = new TypedDocumentString(
  `
    mutation AdminUpdateIntegration($id: ID!, $input: IntegrationSettingsInput!) {
  updateIntegration(id: $id, input: $input) {
    ...AdminIntegrationFields
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}`,
  { hash: 'sha256:e1ac7328fce78eaff77d6464a722b1557a317d233080e7c6bf93fbd8bf397a7d' },
) as unknown as TypedDocumentString<AdminUpdateIntegrationMutation, AdminUpdateIntegrationMutationVariables>;
export const AdminCreateApiKeyDocument = new TypedDocumentString(
  `
    mutation AdminCreateApiKey($integrationId: ID!, $mode: Mode!, $name: String) {
  createApiKey(integrationId: $integrationId, mode: $mode, name: $name) {
    apiKey
    key {
      id
      last4
      mode
    }
  }
}
    `,
  { hash: 'sha256:8543da0b5495b09adc75524d21b3d9c7b6e5332c2753a6cc1d9dffc212da32a4' },
) as unknown as TypedDocumentString<AdminCreateApiKeyMutation, AdminCreateApiKeyMutationVariables>;
export const AdminRevokeApiKeyDocument = new TypedDocumentString(
  `
    mutation AdminRevokeApiKey($integrationId: ID!, $keyId: ID!) {
  revokeApiKey(integrationId: $integrationId, keyId: $keyId) {
    id
    revokedAt
  }
}
    `,
  { hash: 'sha256:a7340772d56e343ea6b69be95b10a6ff81a422463be740cd613672ba8da3cd93' },
) as unknown as TypedDocumentString<AdminRevokeApiKeyMutation, AdminRevokeApiKeyMutationVariables>;
export const AdminRotateSigningSecretDocument = new TypedDocumentString(
  `
    mutation AdminRotateSigningSecret($integrationId: ID!, $kind: SigningSecretKind!) {
  rotateSigningSecret(integrationId: $integrationId, kind: $kind) {
    secret
    kind
    previousValidUntil
  }
}
    `,
  { hash: 'sha256:8fe23c23b89693cb9676ba58637270aa908f144f3b6b4e5445bb33a1dae68d01' },
) as unknown as TypedDocumentString<AdminRotateSigningSecretMutation, AdminRotateSigningSecretMutationVariables>;
export const AdminSubmitPayoutOnboardingDocument = new TypedDocumentString(
  `
    mutation AdminSubmitPayoutOnboarding($integrationId: ID!, $input: PayoutOnboardingInput!) {
  submitPayoutOnboarding(integrationId: $integrationId, input: $input) {
    ...AdminIntegrationFields
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}`,
  { hash: 'sha256:2230826db594bf3ed914795a319699804c43b1787f391ce4a8820ac3795d6d8c' },
) as unknown as TypedDocumentString<AdminSubmitPayoutOnboardingMutation, AdminSubmitPayoutOnboardingMutationVariables>;
export const AdminAuditLogDocument = new TypedDocumentString(
  `
    query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {
  auditLog(integrationId: $integrationId, first: $first, after: $after) {
    edges {
      node {
        id
        at
        actor
        action
        summary
      }
    }
    pageInfo {
      ...AdminPageInfo
    }
  }
}
    fragment AdminPageInfo on PageInfo {
  hasNextPage
  endCursor
}`,
  { hash: 'sha256:b5b26383d6880652cb845d63c4e1d65e881db788b86d4d0d76e7113b9b708c09' },
) as unknown as TypedDocumentString<AdminAuditLogQuery, AdminAuditLogQueryVariables>;
export const AdminUpdateEmailSettingsDocument = new TypedDocumentString(
  `
    mutation AdminUpdateEmailSettings($id: ID!, $input: IntegrationSettingsInput!) {
  updateIntegration(id: $id, input: $input) {
    ...AdminIntegrationFields
  }
}
    fragment AdminIntegrationSummary on IntegrationView {
  id
  name
  enabled
  webhookUrl
  ownerEmail
  createdAt
  payoutOnboarding {
    status
  }
}
fragment AdminIntegrationFields on IntegrationView {
  ...AdminIntegrationSummary
  reminderOffsetsMinutes
  timeZone
  displayName
  logoUrl
  accentColor
  partnerCreatePaymentUrl
  partnerRefundUrl
  partnerCancelUrl
  captureMethod
  partnerCaptureUrl
  holdLifetimeSeconds
  redirectAllowlist
  eventSubscriptions
  payoutOnboarding {
    legalName
    bankAccountMasked
    contactEmail
    completedAt
  }
  apiKeys {
    id
    name
    mode
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
  signingSecrets {
    kind
    rotatedAt
    previousValidUntil
  }
}`,
  { hash: 'sha256:aec3836f819492f28433add52562d34533c06c6c361ea751291dcfedeab4f695' },
) as unknown as TypedDocumentString<AdminUpdateEmailSettingsMutation, AdminUpdateEmailSettingsMutationVariables>;
export const AdminOperatorTokensDocument = new TypedDocumentString(
  `
    query AdminOperatorTokens {
  operatorTokens {
    id
    name
    last4
    createdAt
    lastUsedAt
    revokedAt
  }
}
    `,
  { hash: 'sha256:f66da7012f82ab04e0368abff72f3bb7872c60524e85384e7901c562856ace77' },
) as unknown as TypedDocumentString<AdminOperatorTokensQuery, AdminOperatorTokensQueryVariables>;
export const AdminCreateOperatorTokenDocument = new TypedDocumentString(
  `
    mutation AdminCreateOperatorToken($name: String!) {
  createOperatorToken(name: $name) {
    token
    record {
      id
      last4
    }
  }
}
    `,
  { hash: 'sha256:d189f12459d439a28cbf2cacfa4655672b4c004d876d8776161dde03a5f3390e' },
) as unknown as TypedDocumentString<AdminCreateOperatorTokenMutation, AdminCreateOperatorTokenMutationVariables>;
export const AdminRevokeOperatorTokenDocument = new TypedDocumentString(
  `
    mutation AdminRevokeOperatorToken($id: ID!) {
  revokeOperatorToken(id: $id) {
    id
    revokedAt
  }
}
    `,
  { hash: 'sha256:1f7a958ca68392b4e2d862821f3e2aabd8c99faf6a8bc97229744209aa4d65b7' },
) as unknown as TypedDocumentString<AdminRevokeOperatorTokenMutation, AdminRevokeOperatorTokenMutationVariables>;
export const AdminMerchantRequestsDocument = new TypedDocumentString(
  `
    query AdminMerchantRequests($filter: MerchantRequestFilter!, $first: Int, $after: String) {
  merchantRequests(filter: $filter, first: $first, after: $after) {
    edges {
      node {
        ...AdminMerchantRequestFields
      }
    }
    pageInfo {
      ...AdminPageInfo
    }
  }
}
    fragment AdminMerchantRequestFields on MerchantRequest {
  id
  at
  method
  path
  status
  errorCode
  requestId
  durationMs
  sessionId
}
fragment AdminPageInfo on PageInfo {
  hasNextPage
  endCursor
}`,
  { hash: 'sha256:252a9894dd82443fbcb62865fd80bd7d815629b91b671aab5bbd76ab8e51684c' },
) as unknown as TypedDocumentString<AdminMerchantRequestsQuery, AdminMerchantRequestsQueryVariables>;
export const AdminMerchantRequestDocument = new TypedDocumentString(
  `
    query AdminMerchantRequest($id: ID!) {
  merchantRequest(id: $id) {
    ...AdminMerchantRequestFields
    integrationId
    apiKeyId
    mode
    idempotencyKey
    requestBody
    responseBody
  }
}
    fragment AdminMerchantRequestFields on MerchantRequest {
  id
  at
  method
  path
  status
  errorCode
  requestId
  durationMs
  sessionId
}`,
  { hash: 'sha256:4e56b6317ad221f1c4a79a4802f83efa1d0171262f44f084a142e199b2ee30fb' },
) as unknown as TypedDocumentString<AdminMerchantRequestQuery, AdminMerchantRequestQueryVariables>;
export const AdminSessionsDocument = new TypedDocumentString(
  `
    query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {
  sessions(filter: $filter, first: $first, after: $after) {
    edges {
      node {
        ...AdminSessionSummary
      }
    }
    pageInfo {
      ...AdminPageInfo
    }
  }
}
    fragment AdminSessionSummary on SessionView {
  id
  integrationId
  status
  mode
  currency
  amountMinor
  paidMinor
  refundedMinor
  orderReference
  description
  createdAt
}
fragment AdminPageInfo on PageInfo {
  hasNextPage
  endCursor
}`,
  { hash: 'sha256:77059d1a0b7befd36f8debf5d10b797f407a92ad6943a8f46cc838bbaa9f3bb0' },
) as unknown as TypedDocumentString<AdminSessionsQuery, AdminSessionsQueryVariables>;
export const AdminSessionDocument = new TypedDocumentString(
  `
    query AdminSession($id: ID!) {
  session(id: $id) {
    ...AdminSessionSummary
    integrationName
    remainingMinor
    splitMode
    updatedAt
    completedAt
    expiresAt
    testClockAt
    version
    openGroup {
      pricing
      minPlaces
      maxPlaces
      maxPlacesPerPayer
      pricePerPlaceMinor
      maxPricePerPlaceMinor
      finalPricePerPlaceMinor
      placesSold
      placesReserved
      placesLeft
      tippedAt
      fullAt
      organiserName
      joinUrl
    }
    participants {
      id
      displayName
      email
      amountMinor
      status
      isHost
      position
      places
      finalAmountMinor
    }
    payments {
      id
      participantId
      amountMinor
      status
      processorReference
      refundRequired
      refundedAt
      duplicateOf
      createdAt
      authorizedAt
      endedAt
      failureReason
      captureMethod
      holdExpiresAt
      capturedAt
      releasedAt
    }
    refunds {
      refundId
      paymentId
      participantId
      amountMinor
      currency
      status
      reason
      source
      purpose
      processorRefundReference
      failureReason
      createdAt
      settledAt
      attempts
      attemptLog {
        attempt
        startedAt
        durationMs
        httpStatus
        outcome
        excerpt
      }
    }
    cancellations {
      cancelId
      paymentId
      participantId
      amountMinor
      reason
      status
      processorReference
      failureReason
      createdAt
      settledAt
      attempts
      attemptLog {
        attempt
        startedAt
        durationMs
        httpStatus
        outcome
        excerpt
      }
    }
    captures {
      captureId
      paymentId
      participantId
      amountMinor
      reason
      status
      processorReference
      failureReason
      createdAt
      settledAt
      attempts
      attemptLog {
        attempt
        startedAt
        durationMs
        httpStatus
        outcome
        excerpt
      }
    }
    events {
      ...AdminEventFields
    }
  }
}
    fragment AdminDeliveryFields on WebhookDeliveryView {
  id
  url
  status
  attemptCount
  deliveredAt
  nextAttemptAt
  lastError
  attempts {
    attemptNumber
    startedAt
    statusCode
    durationMs
    responseExcerpt
    error
  }
}
fragment AdminEventFields on WebhookEventView {
  eventId
  type
  createdAt
  deliveries {
    ...AdminDeliveryFields
  }
}
fragment AdminSessionSummary on SessionView {
  id
  integrationId
  status
  mode
  currency
  amountMinor
  paidMinor
  refundedMinor
  orderReference
  description
  createdAt
}`,
  { hash: 'sha256:738fe85dd4044abcb208bc674353981021b1fe6c72cb76ea9d248d4aa9ee0266' },
) as unknown as TypedDocumentString<AdminSessionQuery, AdminSessionQueryVariables>;
export const AdminAdvanceTestClockDocument = new TypedDocumentString(
  `
    mutation AdminAdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {
  advanceTestClock(sessionId: $sessionId, input: $input) {
    sessionId
    status
    testClockAt
    ran {
      at
      kind
      participantId
      paymentId
      offsetMinutes
    }
  }
}
    `,
  { hash: 'sha256:10de05d6f2ded7f3e933c677ffaf2dee31799ddc4224881002494553f8a045a3' },
) as unknown as TypedDocumentString<AdminAdvanceTestClockMutation, AdminAdvanceTestClockMutationVariables>;
export const AdminSessionEmailsDocument = new TypedDocumentString(
  `
    query AdminSessionEmails($id: ID!) {
  session(id: $id) {
    id
    emails {
      id
      kind
      status
      recipient
      createdAt
      sentAt
      attempts {
        attempt
        startedAt
        durationMs
        outcome
        excerpt
      }
    }
  }
}
    `,
  { hash: 'sha256:decf8740d667f02935e02c779a70c0ba871b85e847cec2c26eec6e09ad32604e' },
) as unknown as TypedDocumentString<AdminSessionEmailsQuery, AdminSessionEmailsQueryVariables>;
