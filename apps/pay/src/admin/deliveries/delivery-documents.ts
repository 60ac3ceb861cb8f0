import { graphql } from '../gql';

export const DeliveryFieldsFragment = graphql(`
  fragment AdminDeliveryFields on WebhookDeliveryView {
    id
    url
    status
    attemptCount
    deliveredAt
    nextAttemptAt
    lastError
    attempts {
      attemptNumber
      startedAt
      statusCode
      durationMs
      responseExcerpt
      error
    }
  }
`);

export const EventFieldsFragment = graphql(`
  fragment AdminEventFields on WebhookEventView {
    eventId
    type
    createdAt
    deliveries {
      ...AdminDeliveryFields
    }
  }
`);

export const SendTestEventDocument = graphql(`
  mutation AdminSendTestEvent($integrationId: ID!) {
    sendTestEvent(integrationId: $integrationId) {
      ...AdminEventFields
    }
  }
`);

export const RedeliverEventDocument = graphql(`
  mutation AdminRedeliverEvent($eventId: ID!) {
    redeliverEvent(eventId: $eventId) {
      ...AdminDeliveryFields
    }
  }
`);

export const ReplayFailedDeliveriesDocument = graphql(`
  mutation AdminReplayFailedDeliveries($integrationId: ID!, $range: DateRangeInput!) {
    replayFailedDeliveries(integrationId: $integrationId, range: $range) {
      requeued
    }
  }
`);

export const WebhookDeliveriesDocument = graphql(`
  query AdminWebhookDeliveries($filter: DeliveryFilter, $first: Int, $after: String) {
    webhookDeliveries(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          eventId
          eventType
          sessionId
          integrationId
          createdAt
          delivery {
            ...AdminDeliveryFields
          }
        }
      }
      pageInfo {
        ...AdminPageInfo
      }
    }
  }
`);
