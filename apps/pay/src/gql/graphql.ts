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

/** Someone claiming places in an open group. */
export type JoinOpenGroupInput = {
  /** Shown to the organiser and the merchant: one line, 1 to 80 characters. */
  displayName: string;
  /** Where the receipt, their own link and how the group ends are sent. */
  email: string;
  /** The language their pages and emails are in (BCP 47). */
  locale?: string | null | undefined;
  /** At least 1, at most the per-payer cap and the places left. */
  places: number;
};

/** PER_PLACE: every place costs pricePerPlaceMinor. SPLIT_TOTAL: the amount is shared by every place sold. */
export type OpenGroupPricing = 'PER_PLACE' | 'SPLIT_TOTAL';

/** LEFT and LAPSED: open groups only (a payer who gave their places up; a claim whose reservation ran out). */
export type ParticipantStatus = 'LAPSED' | 'LEFT' | 'PAID' | 'PENDING';

/** Where a session is in its lifecycle. */
export type SessionStatus = 'CANCELLED' | 'CAPTURING' | 'COMPLETED' | 'EXPIRED' | 'OPEN' | 'PARTIALLY_PAID' | 'UNCONFIGURED';

/** How the total is divided among participants. */
export type SplitMode = 'EQUAL' | 'EXACT' | 'PERCENT' | 'SHARES';

export type ViewerRole = 'HOST' | 'PARTICIPANT';

export type OpenGroupFieldsFragment = {
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
};

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
  openGroup: ({ viewerPlaces: number | null; joinUrl: string | null } & OpenGroupFieldsFragment) | null;
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
    places: number | null;
    joinedAt: string | null;
    reservedUntil: string | null;
    finalAmountMinor: string | null;
    priceDropRefundedMinor: string | null;
    priceDropRefundPendingMinor: string | null;
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

export type OpenGroupInvitationFieldsFragment = {
  sessionId: string;
  status: SessionStatus;
  merchantName: string;
  merchantLogoUrl: string | null;
  accentColor: string | null;
  description: string | null;
  locale: string | null;
  currency: string;
  amountMinor: string;
  captureMethod: CaptureMethod;
  merchantTimeZone: string;
  expiresAt: string;
  openGroup: OpenGroupFieldsFragment;
};

export type OpenGroupInvitationQueryVariables = Exact<{
  sessionId: string | number;
  code: string;
}>;

export type OpenGroupInvitationQuery = { openGroupInvitation: OpenGroupInvitationFieldsFragment };

export type OpenGroupInvitationChangedSubscriptionVariables = Exact<{
  sessionId: string | number;
  code: string;
}>;

export type OpenGroupInvitationChangedSubscription = { openGroupInvitationChanged: OpenGroupInvitationFieldsFragment };

export type JoinOpenGroupMutationVariables = Exact<{
  sessionId: string | number;
  code: string;
  input: JoinOpenGroupInput;
}>;

export type JoinOpenGroupMutation = {
  joinOpenGroup: {
    participantId: string;
    redirectUrl: string;
    reservedUntil: string;
    amountMinor: string;
    pricePerPlaceMinor: string;
    view: PaySessionFieldsFragment;
  };
};

export type LeaveOpenGroupMutationVariables = Exact<{
  sessionId: string | number;
}>;

export type LeaveOpenGroupMutation = { leaveOpenGroup: PaySessionFieldsFragment };

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
export const OpenGroupFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment OpenGroupFields on OpenGroupView {
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
}
    `,
  { fragmentName: 'OpenGroupFields' },
) as unknown as TypedDocumentString<OpenGroupFieldsFragment, unknown>;
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}
    fragment OpenGroupFields on OpenGroupView {
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
}`,
  { fragmentName: 'PaySessionFields' },
) as unknown as TypedDocumentString<PaySessionFieldsFragment, unknown>;
export const OpenGroupInvitationFieldsFragmentDoc = new TypedDocumentString(
  `
    fragment OpenGroupInvitationFields on OpenGroupInvitation {
  sessionId
  status
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  currency
  amountMinor
  captureMethod
  merchantTimeZone
  expiresAt
  openGroup {
    ...OpenGroupFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
}`,
  { fragmentName: 'OpenGroupInvitationFields' },
) as unknown as TypedDocumentString<OpenGroupInvitationFieldsFragment, unknown>;
export const OpenSessionDocument = new TypedDocumentString(
  `
    mutation OpenSession($sessionId: ID!, $token: String!) {
  openSession(sessionId: $sessionId, token: $token) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:7dee9a17e75e07871301ba63976a5cdd7f6096ba611fda8008853f08dd11bab3' },
) as unknown as TypedDocumentString<OpenSessionMutation, OpenSessionMutationVariables>;
export const PaySessionDocument = new TypedDocumentString(
  `
    query PaySession($sessionId: ID!) {
  paySession(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:db4ac63cc26eb3a2d5ef9f8624d74bfdbbd386c07a15179afec04888e376e377' },
) as unknown as TypedDocumentString<PaySessionQuery, PaySessionQueryVariables>;
export const ConfigureSessionDocument = new TypedDocumentString(
  `
    mutation ConfigureSession($input: ConfigureSessionInput!) {
  configureSession(input: $input) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:12c3442c917f8915cdfa64068a40a1d7e692a49e73f70afff4c08cd5f486d67a' },
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
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:7c44777ab4003a66ada631f8b8e64b6f789784282fa4820df02c6f8c7e9d5c44' },
) as unknown as TypedDocumentString<CancelSessionAsHostMutation, CancelSessionAsHostMutationVariables>;
export const RemindParticipantDocument = new TypedDocumentString(
  `
    mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {
  remindParticipant(sessionId: $sessionId, participantId: $participantId) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:508a69b8efa5ebcf0b0a2229a5710a174e578b7795d36ed8683020470046f330' },
) as unknown as TypedDocumentString<RemindParticipantMutation, RemindParticipantMutationVariables>;
export const PaySessionUpdatedDocument = new TypedDocumentString(
  `
    subscription PaySessionUpdated($sessionId: ID!) {
  paySessionUpdated(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:ab92ad623c2280a66ed77d5ae310267244512d3ca3a9f60a7b0b789faec8f481' },
) as unknown as TypedDocumentString<PaySessionUpdatedSubscription, PaySessionUpdatedSubscriptionVariables>;
export const OpenGroupInvitationDocument = new TypedDocumentString(
  `
    query OpenGroupInvitation($sessionId: ID!, $code: String!) {
  openGroupInvitation(sessionId: $sessionId, code: $code) {
    ...OpenGroupInvitationFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
}
fragment OpenGroupInvitationFields on OpenGroupInvitation {
  sessionId
  status
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  currency
  amountMinor
  captureMethod
  merchantTimeZone
  expiresAt
  openGroup {
    ...OpenGroupFields
  }
}`,
  { hash: 'sha256:7f76e96c32d5705cd679ac01e91c756bbd660ebca7148869ddeb07b9a3c99c19' },
) as unknown as TypedDocumentString<OpenGroupInvitationQuery, OpenGroupInvitationQueryVariables>;
export const OpenGroupInvitationChangedDocument = new TypedDocumentString(
  `
    subscription OpenGroupInvitationChanged($sessionId: ID!, $code: String!) {
  openGroupInvitationChanged(sessionId: $sessionId, code: $code) {
    ...OpenGroupInvitationFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
}
fragment OpenGroupInvitationFields on OpenGroupInvitation {
  sessionId
  status
  merchantName
  merchantLogoUrl
  accentColor
  description
  locale
  currency
  amountMinor
  captureMethod
  merchantTimeZone
  expiresAt
  openGroup {
    ...OpenGroupFields
  }
}`,
  { hash: 'sha256:7011f35f4b24adb8255686a19f6e43add6b4814e54a57eff7f425067cec81d23' },
) as unknown as TypedDocumentString<OpenGroupInvitationChangedSubscription, OpenGroupInvitationChangedSubscriptionVariables>;
export const JoinOpenGroupDocument = new TypedDocumentString(
  `
    mutation JoinOpenGroup($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {
  joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) {
    participantId
    redirectUrl
    reservedUntil
    amountMinor
    pricePerPlaceMinor
    view {
      ...PaySessionFields
    }
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:50eca4dfaaca2c342521210e88c61926dbb3d8a61a848d169cea4181b0203352' },
) as unknown as TypedDocumentString<JoinOpenGroupMutation, JoinOpenGroupMutationVariables>;
export const LeaveOpenGroupDocument = new TypedDocumentString(
  `
    mutation LeaveOpenGroup($sessionId: ID!) {
  leaveOpenGroup(sessionId: $sessionId) {
    ...PaySessionFields
  }
}
    fragment OpenGroupFields on OpenGroupView {
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
  openGroup {
    ...OpenGroupFields
    viewerPlaces
    joinUrl
  }
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
    places
    joinedAt
    reservedUntil
    finalAmountMinor
    priceDropRefundedMinor
    priceDropRefundPendingMinor
  }
  successUrl
  cancelUrl
  version
  expiresAt
  updatedAt
}`,
  { hash: 'sha256:3278c9170d5379a3f819343cb8cf707035437aaeb9f562eef41dcf167072c48f' },
) as unknown as TypedDocumentString<LeaveOpenGroupMutation, LeaveOpenGroupMutationVariables>;
