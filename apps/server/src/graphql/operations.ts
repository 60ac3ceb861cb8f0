import { parse } from 'graphql';

/**
 * The named operations the REST layer executes in-process. Parsed once at load, so a REST
 * request pays for validation and execution only.
 */
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
    }
  }
`);

const SESSION_DETAILS = /* GraphQL */ `
  fragment SessionDetails on SessionView {
    id
    status
    mode
    currency
    amountMinor
    paidMinor
    remainingMinor
    orderReference
    description
    metadata
    version
    createdAt
    updatedAt
    expiresAt
    completedAt
    participants {
      id
      displayName
      email
      isHost
      amountMinor
      status
    }
    payments {
      id
      participantId
      amountMinor
      status
      processorReference
      refundRequired
    }
    refundsOwed {
      id
      participantId
      amountMinor
      processorReference
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
`);

export const CancelSessionOperation = parse(/* GraphQL */ `
  mutation CancelSession($id: ID!) {
    cancelSession(id: $id) {
      ...SessionDetails
    }
  }
  ${SESSION_DETAILS}
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
      participantCount
      paidCount
      completed
      expiresAt
      updatedAt
    }
  }
`);
