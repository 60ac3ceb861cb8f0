import { graphql } from '../gql';

// An open group's figures: the join page, the payer's and the organiser's pages all read them.
export const OpenGroupFieldsFragment = graphql(`
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
`);

// Everything the pay app shows; every operation below returns it, so one cache entry serves all.
export const PaySessionFieldsFragment = graphql(`
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
`);

export const OpenSessionDocument = graphql(`
  mutation OpenSession($sessionId: ID!, $token: String!) {
    openSession(sessionId: $sessionId, token: $token) {
      ...PaySessionFields
    }
  }
`);

export const PaySessionDocument = graphql(`
  query PaySession($sessionId: ID!) {
    paySession(sessionId: $sessionId) {
      ...PaySessionFields
    }
  }
`);

export const ConfigureSessionDocument = graphql(`
  mutation ConfigureSession($input: ConfigureSessionInput!) {
    configureSession(input: $input) {
      ...PaySessionFields
    }
  }
`);

export const StartPaymentDocument = graphql(`
  mutation StartPayment($sessionId: ID!) {
    startPayment(sessionId: $sessionId) {
      paymentId
      redirectUrl
    }
  }
`);

// The host paying every unpaid share at once. A document of its own rather than a variable of
// StartPayment: the trusted list then names each thing a browser may ask for, and a walk through
// the app that sends every trusted id cannot leave this one out unnoticed behind StartPayment's.
export const CoverRemainingDocument = graphql(`
  mutation CoverRemaining($sessionId: ID!) {
    startPayment(sessionId: $sessionId, coverRemaining: true) {
      paymentId
      redirectUrl
    }
  }
`);

// The language the viewer reads the page in, remembered for their emails.
export const RememberLocaleDocument = graphql(`
  mutation RememberLocale($sessionId: ID!, $locale: String!) {
    rememberLocale(sessionId: $sessionId, locale: $locale)
  }
`);

export const CancelSessionAsHostDocument = graphql(`
  mutation CancelSessionAsHost($sessionId: ID!) {
    cancelSessionAsHost(sessionId: $sessionId) {
      ...PaySessionFields
    }
  }
`);

export const RemindParticipantDocument = graphql(`
  mutation RemindParticipant($sessionId: ID!, $participantId: ID!) {
    remindParticipant(sessionId: $sessionId, participantId: $participantId) {
      ...PaySessionFields
    }
  }
`);

export const PaySessionUpdatedDocument = graphql(`
  subscription PaySessionUpdated($sessionId: ID!) {
    paySessionUpdated(sessionId: $sessionId) {
      ...PaySessionFields
    }
  }
`);

// What an open group's join page shows, read with the link's code; the live version pushes the same.
export const OpenGroupInvitationFieldsFragment = graphql(`
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
`);

export const OpenGroupInvitationDocument = graphql(`
  query OpenGroupInvitation($sessionId: ID!, $code: String!) {
    openGroupInvitation(sessionId: $sessionId, code: $code) {
      ...OpenGroupInvitationFields
    }
  }
`);

export const OpenGroupInvitationChangedDocument = graphql(`
  subscription OpenGroupInvitationChanged($sessionId: ID!, $code: String!) {
    openGroupInvitationChanged(sessionId: $sessionId, code: $code) {
      ...OpenGroupInvitationFields
    }
  }
`);

// Claims places and opens the merchant's checkout for them; the reply sets the payer's cookie.
export const JoinOpenGroupDocument = graphql(`
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
`);

export const LeaveOpenGroupDocument = graphql(`
  mutation LeaveOpenGroup($sessionId: ID!) {
    leaveOpenGroup(sessionId: $sessionId) {
      ...PaySessionFields
    }
  }
`);
