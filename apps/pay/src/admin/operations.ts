import { graphql } from './gql';

// The admin area's documents. They have their own codegen output (src/admin/gql/), so none of
// this text reaches the pay page's first bundle.

export const AdminViewerFieldsFragment = graphql(`
  fragment AdminViewerFields on AdminViewer {
    accountId
    email
    role
    mustChangePassword
    csrfToken
  }
`);

export const MeDocument = graphql(`
  query AdminMe {
    me {
      ...AdminViewerFields
    }
  }
`);

export const LoginDocument = graphql(`
  mutation AdminLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AdminViewerFields
    }
  }
`);

export const RegisterAccountDocument = graphql(`
  mutation AdminRegisterAccount($email: String!, $password: String!) {
    registerAccount(email: $email, password: $password) {
      ...AdminViewerFields
    }
  }
`);

export const ChangePasswordDocument = graphql(`
  mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ...AdminViewerFields
    }
  }
`);

export const LogoutDocument = graphql(`
  mutation AdminLogout {
    logout
  }
`);

export const StatsDocument = graphql(`
  query AdminStats($range: DateRangeInput!, $integrationId: ID) {
    stats(range: $range, integrationId: $integrationId) {
      sessionCount
      countsByStatus {
        status
        count
      }
      collected {
        currency
        amountMinor
      }
      medianSecondsToComplete
      deliverySuccessRate
    }
  }
`);

export const IntegrationListDocument = graphql(`
  query AdminIntegrations {
    integrations {
      id
      name
      enabled
      webhookUrl
      ownerEmail
      createdAt
      payoutOnboarding {
        status
      }
    }
  }
`);

export const IntegrationFieldsFragment = graphql(`
  fragment AdminIntegrationFields on IntegrationView {
    id
    name
    displayName
    logoUrl
    accentColor
    partnerCreatePaymentUrl
    webhookUrl
    redirectAllowlist
    eventSubscriptions
    enabled
    ownerEmail
    createdAt
    payoutOnboarding {
      status
      legalName
      bankAccountMasked
      contactEmail
      completedAt
    }
    apiKeys {
      id
      name
      mode
      last4
      createdAt
      lastUsedAt
      revokedAt
    }
    signingSecrets {
      kind
      rotatedAt
      previousValidUntil
    }
  }
`);

export const IntegrationDocument = graphql(`
  query AdminIntegration($id: ID!) {
    integration(id: $id) {
      ...AdminIntegrationFields
    }
  }
`);

export const CreateIntegrationDocument = graphql(`
  mutation AdminCreateIntegration($input: IntegrationSettingsInput!) {
    createIntegration(input: $input) {
      ...AdminIntegrationFields
    }
  }
`);

export const UpdateIntegrationDocument = graphql(`
  mutation AdminUpdateIntegration($id: ID!, $input: IntegrationSettingsInput!) {
    updateIntegration(id: $id, input: $input) {
      ...AdminIntegrationFields
    }
  }
`);

export const CreateApiKeyDocument = graphql(`
  mutation AdminCreateApiKey($integrationId: ID!, $mode: Mode!, $name: String) {
    createApiKey(integrationId: $integrationId, mode: $mode, name: $name) {
      apiKey
      key {
        id
        last4
        mode
      }
    }
  }
`);

export const RevokeApiKeyDocument = graphql(`
  mutation AdminRevokeApiKey($integrationId: ID!, $keyId: ID!) {
    revokeApiKey(integrationId: $integrationId, keyId: $keyId) {
      id
      revokedAt
    }
  }
`);

export const RotateSigningSecretDocument = graphql(`
  mutation AdminRotateSigningSecret($integrationId: ID!, $kind: SigningSecretKind!) {
    rotateSigningSecret(integrationId: $integrationId, kind: $kind) {
      secret
      kind
      previousValidUntil
    }
  }
`);

export const SubmitPayoutOnboardingDocument = graphql(`
  mutation AdminSubmitPayoutOnboarding($integrationId: ID!, $input: PayoutOnboardingInput!) {
    submitPayoutOnboarding(integrationId: $integrationId, input: $input) {
      ...AdminIntegrationFields
    }
  }
`);

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

export const SendTestEventDocument = graphql(`
  mutation AdminSendTestEvent($integrationId: ID!) {
    sendTestEvent(integrationId: $integrationId) {
      eventId
      type
      createdAt
      deliveries {
        ...AdminDeliveryFields
      }
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
        cursor
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
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AuditLogDocument = graphql(`
  query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {
    auditLog(integrationId: $integrationId, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          at
          actor
          action
          summary
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const SessionsDocument = graphql(`
  query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {
    sessions(filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          integrationId
          status
          mode
          currency
          amountMinor
          paidMinor
          orderReference
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const SessionDocument = graphql(`
  query AdminSession($id: ID!) {
    session(id: $id) {
      id
      integrationId
      integrationName
      description
      status
      mode
      currency
      amountMinor
      paidMinor
      remainingMinor
      splitMode
      orderReference
      createdAt
      updatedAt
      completedAt
      expiresAt
      version
      participants {
        id
        displayName
        email
        amountMinor
        status
        isHost
        position
      }
      payments {
        id
        participantId
        amountMinor
        status
        processorReference
        refundRequired
        createdAt
        authorizedAt
        endedAt
        failureReason
      }
      events {
        eventId
        type
        createdAt
        deliveries {
          ...AdminDeliveryFields
        }
      }
    }
  }
`);

export const OperatorTokensDocument = graphql(`
  query AdminOperatorTokens {
    operatorTokens {
      id
      name
      last4
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);

export const CreateOperatorTokenDocument = graphql(`
  mutation AdminCreateOperatorToken($name: String!) {
    createOperatorToken(name: $name) {
      token
      record {
        id
        last4
      }
    }
  }
`);

export const RevokeOperatorTokenDocument = graphql(`
  mutation AdminRevokeOperatorToken($id: ID!) {
    revokeOperatorToken(id: $id) {
      id
      revokedAt
    }
  }
`);
