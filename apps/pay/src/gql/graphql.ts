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
  /** Integer weight (splitMode shares). */
  shares?: number | null | undefined;
};

export type ConfigureSessionInput = {
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
    email: string | null;
    inviteUrl: string | null;
    refundedMinor: string | null;
    refundPendingMinor: string | null;
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

export type CancelSessionAsHostMutationVariables = Exact<{
  sessionId: string | number;
}>;

export type CancelSessionAsHostMutation = { cancelSessionAsHost: PaySessionFieldsFragment };

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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    refundedMinor
    refundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:fa89ccf0710cdd4a82dfce8fd2be43f1218b493dfcda9054b39ddbdc2f18b7e2' },
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    refundedMinor
    refundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:bd418ea58cc3046463b55ab0ff74c338829594060c7cd5c504193edb5912f796' },
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    refundedMinor
    refundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:4e5bf9726c2f980ce973907912de1dd7e73dac1e636a79e22d1e302a8ee5e859' },
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    refundedMinor
    refundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:81dd1340f5868d90b3b6360e020a42b7e3fe32d475cd5625fafaf54ed58e220d' },
) as unknown as TypedDocumentString<CancelSessionAsHostMutation, CancelSessionAsHostMutationVariables>;
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    refundedMinor
    refundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:3cc805c69a27641e458f5e0af69b0cd0d7997612ddf9f36fe828a59c5badae64' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
