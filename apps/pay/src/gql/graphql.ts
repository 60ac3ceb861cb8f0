/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** AUTOMATIC: each share is charged when paid. MANUAL: each share is only held, and PaySplit asks for every capture (partner.payment.capture) once all are held. */
export type CaptureMethod = 'AUTOMATIC' | 'MANUAL';

/** A participant in a configuration; the first is the host. */
export type ConfigureParticipantInput = {
  /** Share in minor units (splitMode exact). */
  amountMinor?: string | null | undefined;
  /** Share in basis points, all summing to 10000 (splitMode percent). */
  basisPoints?: number | null | undefined;
  displayName: string;
  email?: string | null | undefined;
  /** An existing participant to keep (their invite link stays valid). */
  participantId?: string | number | null | undefined;
  /** Email this participant an invitation with their own link (needs an email; not sent twice to one address). */
  sendInvite?: boolean | null | undefined;
  /** Integer weight (splitMode shares). */
  shares?: number | null | undefined;
};

export type ConfigureSessionInput = {
  /** Everyone who pays, the host first. The host's email (optional, on the first entry) is where the host's emails go: a way back to the split from any device, their receipt, the completion note and how the session ended. The host gets no invitation or reminder, and never a link with the host token. */
  participants: Array<ConfigureParticipantInput>;
  sessionId: string | number;
  splitMode: SplitMode;
};

/** Manual capture: what happened to a payer’s money (held on the card, charged, capture declined, hold released). */
export type HoldState = 'CAPTURE_FAILED' | 'CHARGED' | 'HELD' | 'RELEASED';

/** LEFT and LAPSED: open groups only (a payer who gave their places up; a claim whose reservation ran out). */
export type ParticipantStatus = 'LAPSED' | 'LEFT' | 'PAID' | 'PENDING';

/** Where a session is in its lifecycle. */
export type SessionStatus = 'CANCELLED' | 'CAPTURING' | 'COMPLETED' | 'EXPIRED' | 'OPEN' | 'PARTIALLY_PAID' | 'UNCONFIGURED';

/** How the total is divided among participants. */
export type SplitMode = 'EQUAL' | 'EXACT' | 'PERCENT' | 'SHARES';

export type ViewerRole = 'HOST' | 'PARTICIPANT';

export type PaySessionFieldsFragment = {
  id: string;
  status: SessionStatus;
  viewerRole: ViewerRole;
  viewerParticipantId: string | null;
  currency: string;
  amountMinor: string;
  paidMinor: string;
  remainingMinor: string;
  splitMode: SplitMode | null;
  organiserName: string | null;
  merchantName: string;
  merchantLogoUrl: string | null;
  accentColor: string | null;
  description: string | null;
  locale: string | null;
  captureMethod: CaptureMethod;
  merchantTimeZone: string;
  successUrl: string | null;
  cancelUrl: string | null;
  version: number;
  expiresAt: string;
  updatedAt: string;
  participants: Array<{
    id: string;
    displayName: string;
    amountMinor: string;
    status: ParticipantStatus;
    isHost: boolean;
    isYou: boolean;
    coveredByHost: boolean;
    email: string | null;
    inviteUrl: string | null;
    refundedMinor: string | null;
    refundPendingMinor: string | null;
    duplicateRefundedMinor: string | null;
    duplicateRefundPendingMinor: string | null;
    holdState: HoldState | null;
    duplicateHoldReleased: boolean | null;
    emailStatus: {
      invitedAt: string | null;
      lastRemindedAt: string | null;
      nextRemindAllowedAt: string | null;
      unsubscribed: boolean;
    } | null;
  }>;
};

export type OpenSessionMutationVariables = Exact<{
  sessionId: string | number;
  token: string;
}>;

export type OpenSessionMutation = { openSession: PaySessionFieldsFragment };

export type PaySessionQueryVariables = Exact<{
  sessionId: string | number;
}>;

export type PaySessionQuery = { paySession: PaySessionFieldsFragment };

export type ConfigureSessionMutationVariables = Exact<{
  input: ConfigureSessionInput;
}>;

export type ConfigureSessionMutation = { configureSession: PaySessionFieldsFragment };

export type StartPaymentMutationVariables = Exact<{
  sessionId: string | number;
}>;

export type StartPaymentMutation = { startPayment: { paymentId: string; redirectUrl: string } };

export type CoverRemainingMutationVariables = Exact<{
  sessionId: string | number;
}>;

export type CoverRemainingMutation = { startPayment: { paymentId: string; redirectUrl: string } };

export type RememberLocaleMutationVariables = Exact<{
  sessionId: string | number;
  locale: string;
}>;

export type RememberLocaleMutation = { rememberLocale: boolean };

export type CancelSessionAsHostMutationVariables = Exact<{
  sessionId: string | number;
}>;

export type CancelSessionAsHostMutation = { cancelSessionAsHost: PaySessionFieldsFragment };

export type RemindParticipantMutationVariables = Exact<{
  sessionId: string | number;
  participantId: string | number;
}>;

export type RemindParticipantMutation = { remindParticipant: PaySessionFieldsFragment };

export type PaySessionUpdatedSubscriptionVariables = Exact<{
  sessionId: string | number;
}>;

export type PaySessionUpdatedSubscription = { paySessionUpdated: PaySessionFieldsFragment };

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
export const PaySessionFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}
    `,
  { fragmentName: 'PaySessionFields' },
) as unknown as TypedDocumentString<PaySessionFieldsFragment, unknown>;
export const OpenSessionDocument = new TypedDocumentString(
  `
    mutation OpenSession($sessionId: ID!, $token: String!) {
  openSession(sessionId: $sessionId, token: $token) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:deb56ad8ff53ea6cf0bf7fc2f2748e6b3dcbfe2016773856eb730862532e2000' },
) as unknown as TypedDocumentString<OpenSessionMutation, OpenSessionMutationVariables>;
export const PaySessionDocument = new TypedDocumentString(
  `
    query PaySession($sessionId: ID!) {
  paySession(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:339a78bde061a60b9b3d4e856cce926c2bfcb67690030f94362ba0f9714d6fe1' },
) as unknown as TypedDocumentString<PaySessionQuery, PaySessionQueryVariables>;
export const ConfigureSessionDocument = new TypedDocumentString(
  `
    mutation ConfigureSession($input: ConfigureSessionInput!) {
  configureSession(input: $input) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:5af8f69581c826283ba011850c201f91b394a3811bc5d09b3bf92479fbda8387' },
) as unknown as TypedDocumentString<ConfigureSessionMutation, ConfigureSessionMutationVariables>;
export const StartPaymentDocument = new TypedDocumentString(
  `
    mutation StartPayment($sessionId: ID!) {
  startPayment(sessionId: $sessionId) {
    paymentId
    redirectUrl
  }
}
    `,
  { hash: 'sha256:f9313e9f1ffe2af27b51b1ba26d98b89d4dec45cc759eb07999ce0d20c26badb' },
) as unknown as TypedDocumentString<StartPaymentMutation, StartPaymentMutationVariables>;
export const CoverRemainingDocument = new TypedDocumentString(
  `
    mutation CoverRemaining($sessionId: ID!) {
  startPayment(sessionId: $sessionId, coverRemaining: true) {
    paymentId
    redirectUrl
  }
}
    `,
  { hash: 'sha256:f91d63dedba30a79d19d0e0fd2ee04f6e4c40002015c4116f9e800bd3b26ae71' },
) as unknown as TypedDocumentString<CoverRemainingMutation, CoverRemainingMutationVariables>;
export const RememberLocaleDocument = new TypedDocumentString(
  `
    mutation RememberLocale($sessionId: ID!, $locale: String!) {
  rememberLocale(sessionId: $sessionId, locale: $locale)
}
    `,
  { hash: 'sha256:2ad54d192d45b755652c0495aaff337dd7f6f5da5b8ae7667fcd3bff754adad2' },
) as unknown as TypedDocumentString<RememberLocaleMutation, RememberLocaleMutationVariables>;
export const CancelSessionAsHostDocument = new TypedDocumentString(
  `
    mutation CancelSessionAsHost($sessionId: ID!) {
  cancelSessionAsHost(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:80effad8a74c0bc47b2cc4d40c00231c514ccb565dcd8c966f5ad24ef3a09d5c' },
) as unknown as TypedDocumentString<CancelSessionAsHostMutation, CancelSessionAsHostMutationVariables>;
export const RemindParticipantDocument = new TypedDocumentString(
  `
    mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {
  remindParticipant(sessionId: $sessionId, participantId: $participantId) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:d36b29ef6bf12e3f7fad941f44324495f870939bf678b484d41dbd48828ea4c3' },
) as unknown as TypedDocumentString<RemindParticipantMutation, RemindParticipantMutationVariables>;
export const PaySessionUpdatedDocument = new TypedDocumentString(
  `
    subscription PaySessionUpdated($sessionId: ID!) {
  paySessionUpdated(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment PaySessionFields on PaySessionView {
  id
  status
  viewerRole
  viewerParticipantId
  currency
  amountMinor
  paidMinor
  remainingMinor
  splitMode
  organiserName
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  captureMethod
  merchantTimeZone
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    coveredByHost
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
    refundedMinor
    refundPendingMinor
    duplicateRefundedMinor
    duplicateRefundPendingMinor
    holdState
    duplicateHoldReleased
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:c9c9c1eb67a6915deb92f1bd88188bf1abaec6c2e68a1ab056fb9de4be612393' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
