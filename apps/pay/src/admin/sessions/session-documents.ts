import { graphql } from '../gql';

// A row of the sessions list; the session's page selects the rest beside it.
export const SessionSummaryFragment = graphql(`
  fragment AdminSessionSummary on SessionView {
    id
    integrationId
    status
    mode
    currency
    amountMinor
    paidMinor
    refundedMinor
    orderReference
    description
    createdAt
  }
`);

export const SessionsDocument = graphql(`
  query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {
    sessions(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...AdminSessionSummary
        }
      }
      pageInfo {
        ...AdminPageInfo
      }
    }
  }
`);

export const SessionDocument = graphql(`
  query AdminSession($id: ID!) {
    session(id: $id) {
      ...AdminSessionSummary
      integrationName
      remainingMinor
      splitMode
      updatedAt
      completedAt
      expiresAt
      testClockAt
      version
      openGroup {
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
      participants {
        id
        displayName
        email
        amountMinor
        status
        isHost
        position
        places
        finalAmountMinor
      }
      payments {
        id
        participantId
        amountMinor
        status
        processorReference
        refundRequired
        refundedAt
        duplicateOf
        createdAt
        authorizedAt
        endedAt
        failureReason
        captureMethod
        holdExpiresAt
        capturedAt
        releasedAt
      }
      refunds {
        refundId
        paymentId
        participantId
        amountMinor
        currency
        status
        reason
        source
        purpose
        processorRefundReference
        failureReason
        createdAt
        settledAt
        attempts
        attemptLog {
          attempt
          startedAt
          durationMs
          httpStatus
          outcome
          excerpt
        }
      }
      cancellations {
        cancelId
        paymentId
        participantId
        amountMinor
        reason
        status
        processorReference
        failureReason
        createdAt
        settledAt
        attempts
        attemptLog {
          attempt
          startedAt
          durationMs
          httpStatus
          outcome
          excerpt
        }
      }
      captures {
        captureId
        paymentId
        participantId
        amountMinor
        reason
        status
        processorReference
        failureReason
        createdAt
        settledAt
        attempts
        attemptLog {
          attempt
          startedAt
          durationMs
          httpStatus
          outcome
          excerpt
        }
      }
      events {
        ...AdminEventFields
      }
    }
  }
`);

export const AdvanceTestClockDocument = graphql(`
  mutation AdminAdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {
    advanceTestClock(sessionId: $sessionId, input: $input) {
      sessionId
      status
      testClockAt
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
