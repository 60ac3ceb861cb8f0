import { parse } from 'graphql';

/**
 * The named operations the REST layer executes in-process. Parsed once at load, so a REST
 * request pays for validation and execution only.
 */
// An open group as the REST replies carry it (null, and so left out, for a closed session).
const OPEN_GROUP_DETAILS = /* GraphQL */ `
  fragment OpenGroupDetails on OpenGroupView {
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
`;

export const CreateSessionOperation = parse(/* GraphQL */ `
  mutation CreateSession($input: CreateSessionInput!, $idempotencyKey: String) {
    createSession(input: $input, idempotencyKey: $idempotencyKey) {
      success
      sessionId
      hostToken
      participantIds
      mode
      message
      sessionUrl
      status
      expiresAt
      amountMinor
      currency
      joinUrl
      openGroup {
        ...OpenGroupDetails
      }
    }
  }
  ${OPEN_GROUP_DETAILS}
`);

const REFUND_DETAILS = /* GraphQL */ `
  fragment RefundDetails on RefundView {
    refundId
    paymentId
    participantId
    amountMinor
    currency
    status
    reason
    source
    processorRefundReference
    failureReason
    createdAt
    settledAt
    attempts
  }
`;

const SESSION_DETAILS = /* GraphQL */ `
  fragment SessionDetails on SessionView {
    id
    status
    mode
    captureMethod
    currency
    amountMinor
    paidMinor
    remainingMinor
    refundedMinor
    orderReference
    description
    metadata
    version
    createdAt
    updatedAt
    expiresAt
    completedAt
    testClockAt
    participants {
      id
      displayName
      email
      isHost
      amountMinor
      status
      places
      joinedAt
      reservedUntil
      finalAmountMinor
    }
    openGroup {
      ...OpenGroupDetails
    }
    payments {
      id
      participantId
      amountMinor
      status
      processorReference
      refundRequired
      refundedMinor
      refundableMinor
      holdExpiresAt
      capturedAt
      releasedAt
    }
    refunds {
      ...RefundDetails
    }
    refundsOwed {
      id
      participantId
      amountMinor
      processorReference
    }
    duplicatePayments {
      paymentId
      participantId
      amountMinor
      processorReference
      duplicateOf
      outcome
      refundId
      cancelId
    }
  }
`;

export const GetSessionOperation = parse(/* GraphQL */ `
  query GetSession($id: ID!) {
    session(id: $id) {
      ...SessionDetails
    }
  }
  ${SESSION_DETAILS}
  ${REFUND_DETAILS}
  ${OPEN_GROUP_DETAILS}
`);

export const CancelSessionOperation = parse(/* GraphQL */ `
  mutation CancelSession($id: ID!) {
    cancelSession(id: $id) {
      ...SessionDetails
    }
  }
  ${SESSION_DETAILS}
  ${REFUND_DETAILS}
  ${OPEN_GROUP_DETAILS}
`);

export const RecordPaymentOperation = parse(/* GraphQL */ `
  mutation RecordPayment($input: RecordPaymentInput!) {
    recordPayment(input: $input) {
      success
      paymentId
      sessionId
      participantId
      paymentStatus
      sessionStatus
      paidMinor
      remainingMinor
      refundRequired
      serviceHostResumeUrl
      serviceParticipantReturnUrl
      holdExpiresAt
    }
  }
`);

export const SessionStatusOperation = parse(/* GraphQL */ `
  query SessionStatus($sessionId: String!) {
    sessionStatus(sessionId: $sessionId) {
      sessionId
      status
      currency
      amountMinor
      paidMinor
      remainingMinor
      refundedMinor
      participantCount
      paidCount
      completed
      expiresAt
      updatedAt
    }
  }
`);

export const RefundSessionOperation = parse(/* GraphQL */ `
  mutation RefundSession($sessionId: ID!, $input: RefundSessionInput, $idempotencyKey: String) {
    refundSession(sessionId: $sessionId, input: $input, idempotencyKey: $idempotencyKey) {
      success
      sessionId
      currency
      capturedMinor
      refundedMinor
      refundableMinor
      pendingRefundMinor
      refunds {
        ...RefundDetails
      }
    }
  }
  ${REFUND_DETAILS}
`);

export const SettleRefundOperation = parse(/* GraphQL */ `
  mutation SettleRefund($refundId: ID!, $input: SettleRefundInput!) {
    settleRefund(refundId: $refundId, input: $input) {
      ...RefundDetails
    }
  }
  ${REFUND_DETAILS}
`);

const PAYMENT_CALL_FIELDS = /* GraphQL */ `
  paymentId
  participantId
  amountMinor
  currency
  reason
  status
  processorReference
  failureReason
  createdAt
  settledAt
  attempts
`;

export const SettleCancellationOperation = parse(/* GraphQL */ `
  mutation SettleCancellation($cancelId: ID!, $input: SettleCancellationInput!) {
    settleCancellation(cancelId: $cancelId, input: $input) {
      cancelId
      ${PAYMENT_CALL_FIELDS}
    }
  }
`);

export const SettleCaptureOperation = parse(/* GraphQL */ `
  mutation SettleCapture($captureId: ID!, $input: SettleCaptureInput!) {
    settleCapture(captureId: $captureId, input: $input) {
      captureId
      ${PAYMENT_CALL_FIELDS}
    }
  }
`);

export const AdvanceTestClockOperation = parse(/* GraphQL */ `
  mutation AdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {
    advanceTestClock(sessionId: $sessionId, input: $input) {
      sessionId
      status
      testClockAt
      advancedFrom
      ran {
        at
        kind
        participantId
        paymentId
        offsetMinutes
      }
    }
  }
`);
