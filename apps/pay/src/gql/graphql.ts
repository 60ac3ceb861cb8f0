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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
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
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:3827a50a3f2f615bf60166ea214b4bd5f7b531796139427e610db71d4cd01910' },
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
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:63a7119c46702986e77e3f07bfad4e537012866b97506141eefff720506fea60' },
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
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:47ea860c5c998357c060f79d19c16dc5ccee81a5403d34828ac635bdd52f392a' },
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
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:23530e079312ad975b28bef7ee679561aa462112e1ee4374c409841e2d61c8d3' },
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:35c36c6722c691fa1de625a184f47e0f8343b92b09b8251e40e8f0392bc22351' },
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
  participants {
    id
    displayName
    amountMinor
    status
    isHost
    isYou
    email
    inviteUrl
    emailStatus {
      invitedAt
      lastRemindedAt
      nextRemindAllowedAt
      unsubscribed
    }
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:7ca21e87ae67b0cf02548d63153a0876265ea7d9e6e9c6c7eebd9ca2f1f17418' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
