/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export type ParticipantStatus = 'PAID' | 'PENDING';

/** Where a session is in its lifecycle. */
export type SessionStatus = 'CANCELLED' | 'COMPLETED' | 'EXPIRED' | 'OPEN' | 'PARTIALLY_PAID' | 'UNCONFIGURED';

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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:94826c5d7ab0bdc3a37fcab24c476f76c72866556a1a91bacffa8ca68de9c01b' },
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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:8704951913b5cf6832098864ae3521513531586fa4ce058530511a62800e4bc6' },
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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:b6f96a57761629b1e2a8b92a831c307cea8e2a3d625658c3d71253eabc6b4ccd' },
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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:b14a8c4ef96baf327e053f615e41e364ac86f3999afead3d37b70d43e979c627' },
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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:df0fa1bc518d5a121cff3d7faca390a078af837af22b8d05f79f3c51f442a507' },
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
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:5e64764d0de88891d2720b5ffed5685d91b6197d8d2f81d4c0b1b0bdcdd2c44a' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
