import { graphql } from '../gql';

// A row of the integrations list; the integration's own page selects the rest beside it.
export const IntegrationSummaryFragment = graphql(`
  fragment AdminIntegrationSummary on IntegrationView {
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
`);

export const IntegrationListDocument = graphql(`
  query AdminIntegrations {
    integrations {
      ...AdminIntegrationSummary
    }
  }
`);

export const IntegrationFieldsFragment = graphql(`
  fragment AdminIntegrationFields on IntegrationView {
    ...AdminIntegrationSummary
    reminderOffsetsMinutes
    timeZone
    displayName
    logoUrl
    accentColor
    partnerCreatePaymentUrl
    partnerRefundUrl
    partnerCancelUrl
    captureMethod
    partnerCaptureUrl
    holdLifetimeSeconds
    redirectAllowlist
    eventSubscriptions
    payoutOnboarding {
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

export const AuditLogDocument = graphql(`
  query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {
    auditLog(integrationId: $integrationId, first: $first, after: $after) {
      edges {
        node {
          id
          at
          actor
          action
          summary
        }
      }
      pageInfo {
        ...AdminPageInfo
      }
    }
  }
`);

// Only the email settings (the reminder schedule, or the time zone emails give times in): the
// settings form's other fields stay as they are.
export const UpdateEmailSettingsDocument = graphql(`
  mutation AdminUpdateEmailSettings($id: ID!, $input: IntegrationSettingsInput!) {
    updateIntegration(id: $id, input: $input) {
      ...AdminIntegrationFields
    }
  }
`);
