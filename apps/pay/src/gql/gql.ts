/* eslint-disable */
import * as types from './graphql';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
  '\n  fragment OpenGroupFields on OpenGroupView {\n    pricing\n    minPlaces\n    maxPlaces\n    maxPlacesPerPayer\n    pricePerPlaceMinor\n    maxPricePerPlaceMinor\n    finalPricePerPlaceMinor\n    placesSold\n    placesReserved\n    placesLeft\n    tippedAt\n    fullAt\n    organiserName\n  }\n': typeof types.OpenGroupFieldsFragmentDoc;
  '\n  fragment PaySessionFields on PaySessionView {\n    id\n    status\n    viewerRole\n    viewerParticipantId\n    currency\n    amountMinor\n    paidMinor\n    remainingMinor\n    splitMode\n    organiserName\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    captureMethod\n    merchantTimeZone\n    openGroup {\n      ...OpenGroupFields\n      viewerPlaces\n      joinUrl\n    }\n    participants {\n      id\n      displayName\n      amountMinor\n      status\n      isHost\n      isYou\n      coveredByHost\n      email\n      inviteUrl\n      emailStatus {\n        invitedAt\n        lastRemindedAt\n        nextRemindAllowedAt\n        unsubscribed\n      }\n      refundedMinor\n      refundPendingMinor\n      duplicateRefundedMinor\n      duplicateRefundPendingMinor\n      holdState\n      duplicateHoldReleased\n      places\n      joinedAt\n      reservedUntil\n      finalAmountMinor\n      priceDropRefundedMinor\n      priceDropRefundPendingMinor\n    }\n    successUrl\n    cancelUrl\n    version\n    expiresAt\n    updatedAt\n  }\n': typeof types.PaySessionFieldsFragmentDoc;
  '\n  mutation OpenSession($sessionId: ID!, $token: String!) {\n    openSession(sessionId: $sessionId, token: $token) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.OpenSessionDocument;
  '\n  query PaySession($sessionId: ID!) {\n    paySession(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.PaySessionDocument;
  '\n  mutation ConfigureSession($input: ConfigureSessionInput!) {\n    configureSession(input: $input) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.ConfigureSessionDocument;
  '\n  mutation StartPayment($sessionId: ID!) {\n    startPayment(sessionId: $sessionId) {\n      paymentId\n      redirectUrl\n    }\n  }\n': typeof types.StartPaymentDocument;
  '\n  mutation CoverRemaining($sessionId: ID!) {\n    startPayment(sessionId: $sessionId, coverRemaining: true) {\n      paymentId\n      redirectUrl\n    }\n  }\n': typeof types.CoverRemainingDocument;
  '\n  mutation RememberLocale($sessionId: ID!, $locale: String!) {\n    rememberLocale(sessionId: $sessionId, locale: $locale)\n  }\n': typeof types.RememberLocaleDocument;
  '\n  mutation CancelSessionAsHost($sessionId: ID!) {\n    cancelSessionAsHost(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.CancelSessionAsHostDocument;
  '\n  mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {\n    remindParticipant(sessionId: $sessionId, participantId: $participantId) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.RemindParticipantDocument;
  '\n  subscription PaySessionUpdated($sessionId: ID!) {\n    paySessionUpdated(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.PaySessionUpdatedDocument;
  '\n  fragment OpenGroupInvitationFields on OpenGroupInvitation {\n    sessionId\n    status\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    currency\n    amountMinor\n    captureMethod\n    merchantTimeZone\n    expiresAt\n    openGroup {\n      ...OpenGroupFields\n    }\n  }\n': typeof types.OpenGroupInvitationFieldsFragmentDoc;
  '\n  query OpenGroupInvitation($sessionId: ID!, $code: String!) {\n    openGroupInvitation(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n': typeof types.OpenGroupInvitationDocument;
  '\n  subscription OpenGroupInvitationChanged($sessionId: ID!, $code: String!) {\n    openGroupInvitationChanged(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n': typeof types.OpenGroupInvitationChangedDocument;
  '\n  mutation JoinOpenGroup($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {\n    joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) {\n      participantId\n      redirectUrl\n      reservedUntil\n      amountMinor\n      pricePerPlaceMinor\n      view {\n        ...PaySessionFields\n      }\n    }\n  }\n': typeof types.JoinOpenGroupDocument;
  '\n  mutation LeaveOpenGroup($sessionId: ID!) {\n    leaveOpenGroup(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n': typeof types.LeaveOpenGroupDocument;
};
const documents: Documents = {
  '\n  fragment OpenGroupFields on OpenGroupView {\n    pricing\n    minPlaces\n    maxPlaces\n    maxPlacesPerPayer\n    pricePerPlaceMinor\n    maxPricePerPlaceMinor\n    finalPricePerPlaceMinor\n    placesSold\n    placesReserved\n    placesLeft\n    tippedAt\n    fullAt\n    organiserName\n  }\n':
    types.OpenGroupFieldsFragmentDoc,
  '\n  fragment PaySessionFields on PaySessionView {\n    id\n    status\n    viewerRole\n    viewerParticipantId\n    currency\n    amountMinor\n    paidMinor\n    remainingMinor\n    splitMode\n    organiserName\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    captureMethod\n    merchantTimeZone\n    openGroup {\n      ...OpenGroupFields\n      viewerPlaces\n      joinUrl\n    }\n    participants {\n      id\n      displayName\n      amountMinor\n      status\n      isHost\n      isYou\n      coveredByHost\n      email\n      inviteUrl\n      emailStatus {\n        invitedAt\n        lastRemindedAt\n        nextRemindAllowedAt\n        unsubscribed\n      }\n      refundedMinor\n      refundPendingMinor\n      duplicateRefundedMinor\n      duplicateRefundPendingMinor\n      holdState\n      duplicateHoldReleased\n      places\n      joinedAt\n      reservedUntil\n      finalAmountMinor\n      priceDropRefundedMinor\n      priceDropRefundPendingMinor\n    }\n    successUrl\n    cancelUrl\n    version\n    expiresAt\n    updatedAt\n  }\n':
    types.PaySessionFieldsFragmentDoc,
  '\n  mutation OpenSession($sessionId: ID!, $token: String!) {\n    openSession(sessionId: $sessionId, token: $token) {\n      ...PaySessionFields\n    }\n  }\n':
    types.OpenSessionDocument,
  '\n  query PaySession($sessionId: ID!) {\n    paySession(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n':
    types.PaySessionDocument,
  '\n  mutation ConfigureSession($input: ConfigureSessionInput!) {\n    configureSession(input: $input) {\n      ...PaySessionFields\n    }\n  }\n':
    types.ConfigureSessionDocument,
  '\n  mutation StartPayment($sessionId: ID!) {\n    startPayment(sessionId: $sessionId) {\n      paymentId\n      redirectUrl\n    }\n  }\n':
    types.StartPaymentDocument,
  '\n  mutation CoverRemaining($sessionId: ID!) {\n    startPayment(sessionId: $sessionId, coverRemaining: true) {\n      paymentId\n      redirectUrl\n    }\n  }\n':
    types.CoverRemainingDocument,
  '\n  mutation RememberLocale($sessionId: ID!, $locale: String!) {\n    rememberLocale(sessionId: $sessionId, locale: $locale)\n  }\n':
    types.RememberLocaleDocument,
  '\n  mutation CancelSessionAsHost($sessionId: ID!) {\n    cancelSessionAsHost(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n':
    types.CancelSessionAsHostDocument,
  '\n  mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {\n    remindParticipant(sessionId: $sessionId, participantId: $participantId) {\n      ...PaySessionFields\n    }\n  }\n':
    types.RemindParticipantDocument,
  '\n  subscription PaySessionUpdated($sessionId: ID!) {\n    paySessionUpdated(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n':
    types.PaySessionUpdatedDocument,
  '\n  fragment OpenGroupInvitationFields on OpenGroupInvitation {\n    sessionId\n    status\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    currency\n    amountMinor\n    captureMethod\n    merchantTimeZone\n    expiresAt\n    openGroup {\n      ...OpenGroupFields\n    }\n  }\n':
    types.OpenGroupInvitationFieldsFragmentDoc,
  '\n  query OpenGroupInvitation($sessionId: ID!, $code: String!) {\n    openGroupInvitation(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n':
    types.OpenGroupInvitationDocument,
  '\n  subscription OpenGroupInvitationChanged($sessionId: ID!, $code: String!) {\n    openGroupInvitationChanged(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n':
    types.OpenGroupInvitationChangedDocument,
  '\n  mutation JoinOpenGroup($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {\n    joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) {\n      participantId\n      redirectUrl\n      reservedUntil\n      amountMinor\n      pricePerPlaceMinor\n      view {\n        ...PaySessionFields\n      }\n    }\n  }\n':
    types.JoinOpenGroupDocument,
  '\n  mutation LeaveOpenGroup($sessionId: ID!) {\n    leaveOpenGroup(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n':
    types.LeaveOpenGroupDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment OpenGroupFields on OpenGroupView {\n    pricing\n    minPlaces\n    maxPlaces\n    maxPlacesPerPayer\n    pricePerPlaceMinor\n    maxPricePerPlaceMinor\n    finalPricePerPlaceMinor\n    placesSold\n    placesReserved\n    placesLeft\n    tippedAt\n    fullAt\n    organiserName\n  }\n',
): typeof import('./graphql').OpenGroupFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment PaySessionFields on PaySessionView {\n    id\n    status\n    viewerRole\n    viewerParticipantId\n    currency\n    amountMinor\n    paidMinor\n    remainingMinor\n    splitMode\n    organiserName\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    captureMethod\n    merchantTimeZone\n    openGroup {\n      ...OpenGroupFields\n      viewerPlaces\n      joinUrl\n    }\n    participants {\n      id\n      displayName\n      amountMinor\n      status\n      isHost\n      isYou\n      coveredByHost\n      email\n      inviteUrl\n      emailStatus {\n        invitedAt\n        lastRemindedAt\n        nextRemindAllowedAt\n        unsubscribed\n      }\n      refundedMinor\n      refundPendingMinor\n      duplicateRefundedMinor\n      duplicateRefundPendingMinor\n      holdState\n      duplicateHoldReleased\n      places\n      joinedAt\n      reservedUntil\n      finalAmountMinor\n      priceDropRefundedMinor\n      priceDropRefundPendingMinor\n    }\n    successUrl\n    cancelUrl\n    version\n    expiresAt\n    updatedAt\n  }\n',
): typeof import('./graphql').PaySessionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation OpenSession($sessionId: ID!, $token: String!) {\n    openSession(sessionId: $sessionId, token: $token) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').OpenSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query PaySession($sessionId: ID!) {\n    paySession(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').PaySessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation ConfigureSession($input: ConfigureSessionInput!) {\n    configureSession(input: $input) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').ConfigureSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation StartPayment($sessionId: ID!) {\n    startPayment(sessionId: $sessionId) {\n      paymentId\n      redirectUrl\n    }\n  }\n',
): typeof import('./graphql').StartPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation CoverRemaining($sessionId: ID!) {\n    startPayment(sessionId: $sessionId, coverRemaining: true) {\n      paymentId\n      redirectUrl\n    }\n  }\n',
): typeof import('./graphql').CoverRemainingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation RememberLocale($sessionId: ID!, $locale: String!) {\n    rememberLocale(sessionId: $sessionId, locale: $locale)\n  }\n',
): typeof import('./graphql').RememberLocaleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation CancelSessionAsHost($sessionId: ID!) {\n    cancelSessionAsHost(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').CancelSessionAsHostDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {\n    remindParticipant(sessionId: $sessionId, participantId: $participantId) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').RemindParticipantDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription PaySessionUpdated($sessionId: ID!) {\n    paySessionUpdated(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').PaySessionUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment OpenGroupInvitationFields on OpenGroupInvitation {\n    sessionId\n    status\n    merchantName\n    merchantLogoUrl\n    accentColor\n    description\n    locale\n    currency\n    amountMinor\n    captureMethod\n    merchantTimeZone\n    expiresAt\n    openGroup {\n      ...OpenGroupFields\n    }\n  }\n',
): typeof import('./graphql').OpenGroupInvitationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query OpenGroupInvitation($sessionId: ID!, $code: String!) {\n    openGroupInvitation(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n',
): typeof import('./graphql').OpenGroupInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription OpenGroupInvitationChanged($sessionId: ID!, $code: String!) {\n    openGroupInvitationChanged(sessionId: $sessionId, code: $code) {\n      ...OpenGroupInvitationFields\n    }\n  }\n',
): typeof import('./graphql').OpenGroupInvitationChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation JoinOpenGroup($sessionId: ID!, $code: String!, $input: JoinOpenGroupInput!) {\n    joinOpenGroup(sessionId: $sessionId, code: $code, input: $input) {\n      participantId\n      redirectUrl\n      reservedUntil\n      amountMinor\n      pricePerPlaceMinor\n      view {\n        ...PaySessionFields\n      }\n    }\n  }\n',
): typeof import('./graphql').JoinOpenGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation LeaveOpenGroup($sessionId: ID!) {\n    leaveOpenGroup(sessionId: $sessionId) {\n      ...PaySessionFields\n    }\n  }\n',
): typeof import('./graphql').LeaveOpenGroupDocument;

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
