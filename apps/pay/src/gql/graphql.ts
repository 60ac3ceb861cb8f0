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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:e9e1df1b88f85b2c5aee6d5a97495324cb6b4b3a1ff8abbd9bf008b36f7f3136' },
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:a2b9ae94d85a1df3d9adffea5f2a755036afb62aae37ce9c0786ca814c226c6f' },
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:ab7a188a93b1a013fc30768b5d8bf3c2a1404203467b7f7dfce6ebec4c17e673' },
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:f424265cf0aded0a39cc7c173b0960988abf44cdeec0c2f600e038314bb0cfe1' },
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:b04c70a501f007e2be669354595835c293bc5b13f31908048d15a5577dab3648' },
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
    duplicateRefundedMinor
    duplicateRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:6574617e49b9c9b693c3bb8e6ff131300460f658a9edbecabcc991c36c204292' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
