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
  '\n  fragment AdminViewerFields on AdminViewer {\n    accountId\n    email\n    role\n    mustChangePassword\n    csrfToken\n  }\n': typeof types.AdminViewerFieldsFragmentDoc;
  '\n  query AdminMe {\n    me {\n      ...AdminViewerFields\n    }\n  }\n': typeof types.AdminMeDocument;
  '\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n': typeof types.AdminLoginDocument;
  '\n  mutation AdminRegisterAccount($email: String!, $password: String!) {\n    registerAccount(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n': typeof types.AdminRegisterAccountDocument;
  '\n  mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      ...AdminViewerFields\n    }\n  }\n': typeof types.AdminChangePasswordDocument;
  '\n  mutation AdminLogout {\n    logout\n  }\n': typeof types.AdminLogoutDocument;
  '\n  query AdminStats($range: DateRangeInput!, $integrationId: ID) {\n    stats(range: $range, integrationId: $integrationId) {\n      sessionCount\n      countsByStatus {\n        status\n        count\n      }\n      collected {\n        currency\n        amountMinor\n      }\n      refunded {\n        currency\n        amountMinor\n      }\n      medianSecondsToComplete\n      deliverySuccessRate\n    }\n  }\n': typeof types.AdminStatsDocument;
  '\n  fragment AdminDeliveryFields on WebhookDeliveryView {\n    id\n    url\n    status\n    attemptCount\n    deliveredAt\n    nextAttemptAt\n    lastError\n    attempts {\n      attemptNumber\n      startedAt\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  }\n': typeof types.AdminDeliveryFieldsFragmentDoc;
  '\n  fragment AdminEventFields on WebhookEventView {\n    eventId\n    type\n    createdAt\n    deliveries {\n      ...AdminDeliveryFields\n    }\n  }\n': typeof types.AdminEventFieldsFragmentDoc;
  '\n  mutation AdminSendTestEvent($integrationId: ID!) {\n    sendTestEvent(integrationId: $integrationId) {\n      ...AdminEventFields\n    }\n  }\n': typeof types.AdminSendTestEventDocument;
  '\n  mutation AdminRedeliverEvent($eventId: ID!) {\n    redeliverEvent(eventId: $eventId) {\n      ...AdminDeliveryFields\n    }\n  }\n': typeof types.AdminRedeliverEventDocument;
  '\n  mutation AdminReplayFailedDeliveries($integrationId: ID!, $range: DateRangeInput!) {\n    replayFailedDeliveries(integrationId: $integrationId, range: $range) {\n      requeued\n    }\n  }\n': typeof types.AdminReplayFailedDeliveriesDocument;
  '\n  query AdminWebhookDeliveries($filter: DeliveryFilter, $first: Int, $after: String) {\n    webhookDeliveries(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          eventId\n          eventType\n          sessionId\n          integrationId\n          createdAt\n          delivery {\n            ...AdminDeliveryFields\n          }\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n': typeof types.AdminWebhookDeliveriesDocument;
  '\n  fragment AdminIntegrationSummary on IntegrationView {\n    id\n    name\n    enabled\n    webhookUrl\n    ownerEmail\n    createdAt\n    payoutOnboarding {\n      status\n    }\n  }\n': typeof types.AdminIntegrationSummaryFragmentDoc;
  '\n  query AdminIntegrations {\n    integrations {\n      ...AdminIntegrationSummary\n    }\n  }\n': typeof types.AdminIntegrationsDocument;
  '\n  fragment AdminIntegrationFields on IntegrationView {\n    ...AdminIntegrationSummary\n    reminderOffsetsMinutes\n    timeZone\n    displayName\n    logoUrl\n    accentColor\n    partnerCreatePaymentUrl\n    partnerRefundUrl\n    partnerCancelUrl\n    captureMethod\n    partnerCaptureUrl\n    holdLifetimeSeconds\n    redirectAllowlist\n    eventSubscriptions\n    payoutOnboarding {\n      legalName\n      bankAccountMasked\n      contactEmail\n      completedAt\n    }\n    apiKeys {\n      id\n      name\n      mode\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    signingSecrets {\n      kind\n      rotatedAt\n      previousValidUntil\n    }\n  }\n': typeof types.AdminIntegrationFieldsFragmentDoc;
  '\n  query AdminIntegration($id: ID!) {\n    integration(id: $id) {\n      ...AdminIntegrationFields\n    }\n  }\n': typeof types.AdminIntegrationDocument;
  '\n  mutation AdminCreateIntegration($input: IntegrationSettingsInput!) {\n    createIntegration(input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n': typeof types.AdminCreateIntegrationDocument;
  '\n  mutation AdminUpdateIntegration($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n': typeof types.AdminUpdateIntegrationDocument;
  '\n  mutation AdminCreateApiKey($integrationId: ID!, $mode: Mode!, $name: String) {\n    createApiKey(integrationId: $integrationId, mode: $mode, name: $name) {\n      apiKey\n      key {\n        id\n        last4\n        mode\n      }\n    }\n  }\n': typeof types.AdminCreateApiKeyDocument;
  '\n  mutation AdminRevokeApiKey($integrationId: ID!, $keyId: ID!) {\n    revokeApiKey(integrationId: $integrationId, keyId: $keyId) {\n      id\n      revokedAt\n    }\n  }\n': typeof types.AdminRevokeApiKeyDocument;
  '\n  mutation AdminRotateSigningSecret($integrationId: ID!, $kind: SigningSecretKind!) {\n    rotateSigningSecret(integrationId: $integrationId, kind: $kind) {\n      secret\n      kind\n      previousValidUntil\n    }\n  }\n': typeof types.AdminRotateSigningSecretDocument;
  '\n  mutation AdminSubmitPayoutOnboarding($integrationId: ID!, $input: PayoutOnboardingInput!) {\n    submitPayoutOnboarding(integrationId: $integrationId, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n': typeof types.AdminSubmitPayoutOnboardingDocument;
  '\n  query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {\n    auditLog(integrationId: $integrationId, first: $first, after: $after) {\n      edges {\n        node {\n          id\n          at\n          actor\n          action\n          summary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n': typeof types.AdminAuditLogDocument;
  '\n  mutation AdminUpdateEmailSettings($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n': typeof types.AdminUpdateEmailSettingsDocument;
  '\n  query AdminOperatorTokens {\n    operatorTokens {\n      id\n      name\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n': typeof types.AdminOperatorTokensDocument;
  '\n  mutation AdminCreateOperatorToken($name: String!) {\n    createOperatorToken(name: $name) {\n      token\n      record {\n        id\n        last4\n      }\n    }\n  }\n': typeof types.AdminCreateOperatorTokenDocument;
  '\n  mutation AdminRevokeOperatorToken($id: ID!) {\n    revokeOperatorToken(id: $id) {\n      id\n      revokedAt\n    }\n  }\n': typeof types.AdminRevokeOperatorTokenDocument;
  '\n  fragment AdminMerchantRequestFields on MerchantRequest {\n    id\n    at\n    method\n    path\n    status\n    errorCode\n    requestId\n    durationMs\n    sessionId\n  }\n': typeof types.AdminMerchantRequestFieldsFragmentDoc;
  '\n  query AdminMerchantRequests($filter: MerchantRequestFilter!, $first: Int, $after: String) {\n    merchantRequests(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminMerchantRequestFields\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n': typeof types.AdminMerchantRequestsDocument;
  '\n  query AdminMerchantRequest($id: ID!) {\n    merchantRequest(id: $id) {\n      ...AdminMerchantRequestFields\n      integrationId\n      apiKeyId\n      mode\n      idempotencyKey\n      requestBody\n      responseBody\n    }\n  }\n': typeof types.AdminMerchantRequestDocument;
  '\n  fragment AdminSessionSummary on SessionView {\n    id\n    integrationId\n    status\n    mode\n    currency\n    amountMinor\n    paidMinor\n    refundedMinor\n    orderReference\n    description\n    createdAt\n  }\n': typeof types.AdminSessionSummaryFragmentDoc;
  '\n  query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {\n    sessions(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminSessionSummary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n': typeof types.AdminSessionsDocument;
  '\n  query AdminSession($id: ID!) {\n    session(id: $id) {\n      ...AdminSessionSummary\n      integrationName\n      remainingMinor\n      splitMode\n      updatedAt\n      completedAt\n      expiresAt\n      testClockAt\n      version\n      openGroup {\n        pricing\n        minPlaces\n        maxPlaces\n        maxPlacesPerPayer\n        pricePerPlaceMinor\n        maxPricePerPlaceMinor\n        finalPricePerPlaceMinor\n        placesSold\n        placesReserved\n        placesLeft\n        tippedAt\n        fullAt\n        organiserName\n        joinUrl\n      }\n      participants {\n        id\n        displayName\n        email\n        amountMinor\n        status\n        isHost\n        position\n        places\n        finalAmountMinor\n      }\n      payments {\n        id\n        participantId\n        amountMinor\n        status\n        processorReference\n        refundRequired\n        refundedAt\n        duplicateOf\n        createdAt\n        authorizedAt\n        endedAt\n        failureReason\n        captureMethod\n        holdExpiresAt\n        capturedAt\n        releasedAt\n      }\n      refunds {\n        refundId\n        paymentId\n        participantId\n        amountMinor\n        currency\n        status\n        reason\n        source\n        purpose\n        processorRefundReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      cancellations {\n        cancelId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      captures {\n        captureId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      events {\n        ...AdminEventFields\n      }\n    }\n  }\n': typeof types.AdminSessionDocument;
  '\n  mutation AdminAdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {\n    advanceTestClock(sessionId: $sessionId, input: $input) {\n      sessionId\n      status\n      testClockAt\n      ran {\n        at\n        kind\n        participantId\n        paymentId\n        offsetMinutes\n      }\n    }\n  }\n': typeof types.AdminAdvanceTestClockDocument;
  '\n  query AdminSessionEmails($id: ID!) {\n    session(id: $id) {\n      id\n      emails {\n        id\n        kind\n        status\n        recipient\n        createdAt\n        sentAt\n        attempts {\n          attempt\n          startedAt\n          durationMs\n          outcome\n          excerpt\n        }\n      }\n    }\n  }\n': typeof types.AdminSessionEmailsDocument;
  '\n  fragment AdminPageInfo on PageInfo {\n    hasNextPage\n    endCursor\n  }\n': typeof types.AdminPageInfoFragmentDoc;
};
const documents: Documents = {
  '\n  fragment AdminViewerFields on AdminViewer {\n    accountId\n    email\n    role\n    mustChangePassword\n    csrfToken\n  }\n':
    types.AdminViewerFieldsFragmentDoc,
  '\n  query AdminMe {\n    me {\n      ...AdminViewerFields\n    }\n  }\n': types.AdminMeDocument,
  '\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n':
    types.AdminLoginDocument,
  '\n  mutation AdminRegisterAccount($email: String!, $password: String!) {\n    registerAccount(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n':
    types.AdminRegisterAccountDocument,
  '\n  mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      ...AdminViewerFields\n    }\n  }\n':
    types.AdminChangePasswordDocument,
  '\n  mutation AdminLogout {\n    logout\n  }\n': types.AdminLogoutDocument,
  '\n  query AdminStats($range: DateRangeInput!, $integrationId: ID) {\n    stats(range: $range, integrationId: $integrationId) {\n      sessionCount\n      countsByStatus {\n        status\n        count\n      }\n      collected {\n        currency\n        amountMinor\n      }\n      refunded {\n        currency\n        amountMinor\n      }\n      medianSecondsToComplete\n      deliverySuccessRate\n    }\n  }\n':
    types.AdminStatsDocument,
  '\n  fragment AdminDeliveryFields on WebhookDeliveryView {\n    id\n    url\n    status\n    attemptCount\n    deliveredAt\n    nextAttemptAt\n    lastError\n    attempts {\n      attemptNumber\n      startedAt\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  }\n':
    types.AdminDeliveryFieldsFragmentDoc,
  '\n  fragment AdminEventFields on WebhookEventView {\n    eventId\n    type\n    createdAt\n    deliveries {\n      ...AdminDeliveryFields\n    }\n  }\n':
    types.AdminEventFieldsFragmentDoc,
  '\n  mutation AdminSendTestEvent($integrationId: ID!) {\n    sendTestEvent(integrationId: $integrationId) {\n      ...AdminEventFields\n    }\n  }\n':
    types.AdminSendTestEventDocument,
  '\n  mutation AdminRedeliverEvent($eventId: ID!) {\n    redeliverEvent(eventId: $eventId) {\n      ...AdminDeliveryFields\n    }\n  }\n':
    types.AdminRedeliverEventDocument,
  '\n  mutation AdminReplayFailedDeliveries($integrationId: ID!, $range: DateRangeInput!) {\n    replayFailedDeliveries(integrationId: $integrationId, range: $range) {\n      requeued\n    }\n  }\n':
    types.AdminReplayFailedDeliveriesDocument,
  '\n  query AdminWebhookDeliveries($filter: DeliveryFilter, $first: Int, $after: String) {\n    webhookDeliveries(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          eventId\n          eventType\n          sessionId\n          integrationId\n          createdAt\n          delivery {\n            ...AdminDeliveryFields\n          }\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n':
    types.AdminWebhookDeliveriesDocument,
  '\n  fragment AdminIntegrationSummary on IntegrationView {\n    id\n    name\n    enabled\n    webhookUrl\n    ownerEmail\n    createdAt\n    payoutOnboarding {\n      status\n    }\n  }\n':
    types.AdminIntegrationSummaryFragmentDoc,
  '\n  query AdminIntegrations {\n    integrations {\n      ...AdminIntegrationSummary\n    }\n  }\n': types.AdminIntegrationsDocument,
  '\n  fragment AdminIntegrationFields on IntegrationView {\n    ...AdminIntegrationSummary\n    reminderOffsetsMinutes\n    timeZone\n    displayName\n    logoUrl\n    accentColor\n    partnerCreatePaymentUrl\n    partnerRefundUrl\n    partnerCancelUrl\n    captureMethod\n    partnerCaptureUrl\n    holdLifetimeSeconds\n    redirectAllowlist\n    eventSubscriptions\n    payoutOnboarding {\n      legalName\n      bankAccountMasked\n      contactEmail\n      completedAt\n    }\n    apiKeys {\n      id\n      name\n      mode\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    signingSecrets {\n      kind\n      rotatedAt\n      previousValidUntil\n    }\n  }\n':
    types.AdminIntegrationFieldsFragmentDoc,
  '\n  query AdminIntegration($id: ID!) {\n    integration(id: $id) {\n      ...AdminIntegrationFields\n    }\n  }\n':
    types.AdminIntegrationDocument,
  '\n  mutation AdminCreateIntegration($input: IntegrationSettingsInput!) {\n    createIntegration(input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n':
    types.AdminCreateIntegrationDocument,
  '\n  mutation AdminUpdateIntegration($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n':
    types.AdminUpdateIntegrationDocument,
  '\n  mutation AdminCreateApiKey($integrationId: ID!, $mode: Mode!, $name: String) {\n    createApiKey(integrationId: $integrationId, mode: $mode, name: $name) {\n      apiKey\n      key {\n        id\n        last4\n        mode\n      }\n    }\n  }\n':
    types.AdminCreateApiKeyDocument,
  '\n  mutation AdminRevokeApiKey($integrationId: ID!, $keyId: ID!) {\n    revokeApiKey(integrationId: $integrationId, keyId: $keyId) {\n      id\n      revokedAt\n    }\n  }\n':
    types.AdminRevokeApiKeyDocument,
  '\n  mutation AdminRotateSigningSecret($integrationId: ID!, $kind: SigningSecretKind!) {\n    rotateSigningSecret(integrationId: $integrationId, kind: $kind) {\n      secret\n      kind\n      previousValidUntil\n    }\n  }\n':
    types.AdminRotateSigningSecretDocument,
  '\n  mutation AdminSubmitPayoutOnboarding($integrationId: ID!, $input: PayoutOnboardingInput!) {\n    submitPayoutOnboarding(integrationId: $integrationId, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n':
    types.AdminSubmitPayoutOnboardingDocument,
  '\n  query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {\n    auditLog(integrationId: $integrationId, first: $first, after: $after) {\n      edges {\n        node {\n          id\n          at\n          actor\n          action\n          summary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n':
    types.AdminAuditLogDocument,
  '\n  mutation AdminUpdateEmailSettings($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n':
    types.AdminUpdateEmailSettingsDocument,
  '\n  query AdminOperatorTokens {\n    operatorTokens {\n      id\n      name\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n':
    types.AdminOperatorTokensDocument,
  '\n  mutation AdminCreateOperatorToken($name: String!) {\n    createOperatorToken(name: $name) {\n      token\n      record {\n        id\n        last4\n      }\n    }\n  }\n':
    types.AdminCreateOperatorTokenDocument,
  '\n  mutation AdminRevokeOperatorToken($id: ID!) {\n    revokeOperatorToken(id: $id) {\n      id\n      revokedAt\n    }\n  }\n':
    types.AdminRevokeOperatorTokenDocument,
  '\n  fragment AdminMerchantRequestFields on MerchantRequest {\n    id\n    at\n    method\n    path\n    status\n    errorCode\n    requestId\n    durationMs\n    sessionId\n  }\n':
    types.AdminMerchantRequestFieldsFragmentDoc,
  '\n  query AdminMerchantRequests($filter: MerchantRequestFilter!, $first: Int, $after: String) {\n    merchantRequests(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminMerchantRequestFields\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n':
    types.AdminMerchantRequestsDocument,
  '\n  query AdminMerchantRequest($id: ID!) {\n    merchantRequest(id: $id) {\n      ...AdminMerchantRequestFields\n      integrationId\n      apiKeyId\n      mode\n      idempotencyKey\n      requestBody\n      responseBody\n    }\n  }\n':
    types.AdminMerchantRequestDocument,
  '\n  fragment AdminSessionSummary on SessionView {\n    id\n    integrationId\n    status\n    mode\n    currency\n    amountMinor\n    paidMinor\n    refundedMinor\n    orderReference\n    description\n    createdAt\n  }\n':
    types.AdminSessionSummaryFragmentDoc,
  '\n  query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {\n    sessions(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminSessionSummary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n':
    types.AdminSessionsDocument,
  '\n  query AdminSession($id: ID!) {\n    session(id: $id) {\n      ...AdminSessionSummary\n      integrationName\n      remainingMinor\n      splitMode\n      updatedAt\n      completedAt\n      expiresAt\n      testClockAt\n      version\n      openGroup {\n        pricing\n        minPlaces\n        maxPlaces\n        maxPlacesPerPayer\n        pricePerPlaceMinor\n        maxPricePerPlaceMinor\n        finalPricePerPlaceMinor\n        placesSold\n        placesReserved\n        placesLeft\n        tippedAt\n        fullAt\n        organiserName\n        joinUrl\n      }\n      participants {\n        id\n        displayName\n        email\n        amountMinor\n        status\n        isHost\n        position\n        places\n        finalAmountMinor\n      }\n      payments {\n        id\n        participantId\n        amountMinor\n        status\n        processorReference\n        refundRequired\n        refundedAt\n        duplicateOf\n        createdAt\n        authorizedAt\n        endedAt\n        failureReason\n        captureMethod\n        holdExpiresAt\n        capturedAt\n        releasedAt\n      }\n      refunds {\n        refundId\n        paymentId\n        participantId\n        amountMinor\n        currency\n        status\n        reason\n        source\n        purpose\n        processorRefundReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      cancellations {\n        cancelId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      captures {\n        captureId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      events {\n        ...AdminEventFields\n      }\n    }\n  }\n':
    types.AdminSessionDocument,
  '\n  mutation AdminAdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {\n    advanceTestClock(sessionId: $sessionId, input: $input) {\n      sessionId\n      status\n      testClockAt\n      ran {\n        at\n        kind\n        participantId\n        paymentId\n        offsetMinutes\n      }\n    }\n  }\n':
    types.AdminAdvanceTestClockDocument,
  '\n  query AdminSessionEmails($id: ID!) {\n    session(id: $id) {\n      id\n      emails {\n        id\n        kind\n        status\n        recipient\n        createdAt\n        sentAt\n        attempts {\n          attempt\n          startedAt\n          durationMs\n          outcome\n          excerpt\n        }\n      }\n    }\n  }\n':
    types.AdminSessionEmailsDocument,
  '\n  fragment AdminPageInfo on PageInfo {\n    hasNextPage\n    endCursor\n  }\n': types.AdminPageInfoFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminViewerFields on AdminViewer {\n    accountId\n    email\n    role\n    mustChangePassword\n    csrfToken\n  }\n',
): typeof import('./graphql').AdminViewerFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminMe {\n    me {\n      ...AdminViewerFields\n    }\n  }\n',
): typeof import('./graphql').AdminMeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n',
): typeof import('./graphql').AdminLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminRegisterAccount($email: String!, $password: String!) {\n    registerAccount(email: $email, password: $password) {\n      ...AdminViewerFields\n    }\n  }\n',
): typeof import('./graphql').AdminRegisterAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      ...AdminViewerFields\n    }\n  }\n',
): typeof import('./graphql').AdminChangePasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: '\n  mutation AdminLogout {\n    logout\n  }\n'): typeof import('./graphql').AdminLogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminStats($range: DateRangeInput!, $integrationId: ID) {\n    stats(range: $range, integrationId: $integrationId) {\n      sessionCount\n      countsByStatus {\n        status\n        count\n      }\n      collected {\n        currency\n        amountMinor\n      }\n      refunded {\n        currency\n        amountMinor\n      }\n      medianSecondsToComplete\n      deliverySuccessRate\n    }\n  }\n',
): typeof import('./graphql').AdminStatsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminDeliveryFields on WebhookDeliveryView {\n    id\n    url\n    status\n    attemptCount\n    deliveredAt\n    nextAttemptAt\n    lastError\n    attempts {\n      attemptNumber\n      startedAt\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  }\n',
): typeof import('./graphql').AdminDeliveryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminEventFields on WebhookEventView {\n    eventId\n    type\n    createdAt\n    deliveries {\n      ...AdminDeliveryFields\n    }\n  }\n',
): typeof import('./graphql').AdminEventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminSendTestEvent($integrationId: ID!) {\n    sendTestEvent(integrationId: $integrationId) {\n      ...AdminEventFields\n    }\n  }\n',
): typeof import('./graphql').AdminSendTestEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminRedeliverEvent($eventId: ID!) {\n    redeliverEvent(eventId: $eventId) {\n      ...AdminDeliveryFields\n    }\n  }\n',
): typeof import('./graphql').AdminRedeliverEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminReplayFailedDeliveries($integrationId: ID!, $range: DateRangeInput!) {\n    replayFailedDeliveries(integrationId: $integrationId, range: $range) {\n      requeued\n    }\n  }\n',
): typeof import('./graphql').AdminReplayFailedDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminWebhookDeliveries($filter: DeliveryFilter, $first: Int, $after: String) {\n    webhookDeliveries(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          eventId\n          eventType\n          sessionId\n          integrationId\n          createdAt\n          delivery {\n            ...AdminDeliveryFields\n          }\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminWebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminIntegrationSummary on IntegrationView {\n    id\n    name\n    enabled\n    webhookUrl\n    ownerEmail\n    createdAt\n    payoutOnboarding {\n      status\n    }\n  }\n',
): typeof import('./graphql').AdminIntegrationSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminIntegrations {\n    integrations {\n      ...AdminIntegrationSummary\n    }\n  }\n',
): typeof import('./graphql').AdminIntegrationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminIntegrationFields on IntegrationView {\n    ...AdminIntegrationSummary\n    reminderOffsetsMinutes\n    timeZone\n    displayName\n    logoUrl\n    accentColor\n    partnerCreatePaymentUrl\n    partnerRefundUrl\n    partnerCancelUrl\n    captureMethod\n    partnerCaptureUrl\n    holdLifetimeSeconds\n    redirectAllowlist\n    eventSubscriptions\n    payoutOnboarding {\n      legalName\n      bankAccountMasked\n      contactEmail\n      completedAt\n    }\n    apiKeys {\n      id\n      name\n      mode\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    signingSecrets {\n      kind\n      rotatedAt\n      previousValidUntil\n    }\n  }\n',
): typeof import('./graphql').AdminIntegrationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminIntegration($id: ID!) {\n    integration(id: $id) {\n      ...AdminIntegrationFields\n    }\n  }\n',
): typeof import('./graphql').AdminIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminCreateIntegration($input: IntegrationSettingsInput!) {\n    createIntegration(input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n',
): typeof import('./graphql').AdminCreateIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminUpdateIntegration($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n',
): typeof import('./graphql').AdminUpdateIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminCreateApiKey($integrationId: ID!, $mode: Mode!, $name: String) {\n    createApiKey(integrationId: $integrationId, mode: $mode, name: $name) {\n      apiKey\n      key {\n        id\n        last4\n        mode\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminCreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminRevokeApiKey($integrationId: ID!, $keyId: ID!) {\n    revokeApiKey(integrationId: $integrationId, keyId: $keyId) {\n      id\n      revokedAt\n    }\n  }\n',
): typeof import('./graphql').AdminRevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminRotateSigningSecret($integrationId: ID!, $kind: SigningSecretKind!) {\n    rotateSigningSecret(integrationId: $integrationId, kind: $kind) {\n      secret\n      kind\n      previousValidUntil\n    }\n  }\n',
): typeof import('./graphql').AdminRotateSigningSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminSubmitPayoutOnboarding($integrationId: ID!, $input: PayoutOnboardingInput!) {\n    submitPayoutOnboarding(integrationId: $integrationId, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n',
): typeof import('./graphql').AdminSubmitPayoutOnboardingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminAuditLog($integrationId: ID, $first: Int, $after: String) {\n    auditLog(integrationId: $integrationId, first: $first, after: $after) {\n      edges {\n        node {\n          id\n          at\n          actor\n          action\n          summary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminAuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminUpdateEmailSettings($id: ID!, $input: IntegrationSettingsInput!) {\n    updateIntegration(id: $id, input: $input) {\n      ...AdminIntegrationFields\n    }\n  }\n',
): typeof import('./graphql').AdminUpdateEmailSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminOperatorTokens {\n    operatorTokens {\n      id\n      name\n      last4\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n',
): typeof import('./graphql').AdminOperatorTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminCreateOperatorToken($name: String!) {\n    createOperatorToken(name: $name) {\n      token\n      record {\n        id\n        last4\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminCreateOperatorTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminRevokeOperatorToken($id: ID!) {\n    revokeOperatorToken(id: $id) {\n      id\n      revokedAt\n    }\n  }\n',
): typeof import('./graphql').AdminRevokeOperatorTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminMerchantRequestFields on MerchantRequest {\n    id\n    at\n    method\n    path\n    status\n    errorCode\n    requestId\n    durationMs\n    sessionId\n  }\n',
): typeof import('./graphql').AdminMerchantRequestFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminMerchantRequests($filter: MerchantRequestFilter!, $first: Int, $after: String) {\n    merchantRequests(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminMerchantRequestFields\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminMerchantRequestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminMerchantRequest($id: ID!) {\n    merchantRequest(id: $id) {\n      ...AdminMerchantRequestFields\n      integrationId\n      apiKeyId\n      mode\n      idempotencyKey\n      requestBody\n      responseBody\n    }\n  }\n',
): typeof import('./graphql').AdminMerchantRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminSessionSummary on SessionView {\n    id\n    integrationId\n    status\n    mode\n    currency\n    amountMinor\n    paidMinor\n    refundedMinor\n    orderReference\n    description\n    createdAt\n  }\n',
): typeof import('./graphql').AdminSessionSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminSessions($filter: SessionFilter, $first: Int, $after: String) {\n    sessions(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...AdminSessionSummary\n        }\n      }\n      pageInfo {\n        ...AdminPageInfo\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminSession($id: ID!) {\n    session(id: $id) {\n      ...AdminSessionSummary\n      integrationName\n      remainingMinor\n      splitMode\n      updatedAt\n      completedAt\n      expiresAt\n      testClockAt\n      version\n      openGroup {\n        pricing\n        minPlaces\n        maxPlaces\n        maxPlacesPerPayer\n        pricePerPlaceMinor\n        maxPricePerPlaceMinor\n        finalPricePerPlaceMinor\n        placesSold\n        placesReserved\n        placesLeft\n        tippedAt\n        fullAt\n        organiserName\n        joinUrl\n      }\n      participants {\n        id\n        displayName\n        email\n        amountMinor\n        status\n        isHost\n        position\n        places\n        finalAmountMinor\n      }\n      payments {\n        id\n        participantId\n        amountMinor\n        status\n        processorReference\n        refundRequired\n        refundedAt\n        duplicateOf\n        createdAt\n        authorizedAt\n        endedAt\n        failureReason\n        captureMethod\n        holdExpiresAt\n        capturedAt\n        releasedAt\n      }\n      refunds {\n        refundId\n        paymentId\n        participantId\n        amountMinor\n        currency\n        status\n        reason\n        source\n        purpose\n        processorRefundReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      cancellations {\n        cancelId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      captures {\n        captureId\n        paymentId\n        participantId\n        amountMinor\n        reason\n        status\n        processorReference\n        failureReason\n        createdAt\n        settledAt\n        attempts\n        attemptLog {\n          attempt\n          startedAt\n          durationMs\n          httpStatus\n          outcome\n          excerpt\n        }\n      }\n      events {\n        ...AdminEventFields\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  mutation AdminAdvanceTestClock($sessionId: ID!, $input: AdvanceTestClockInput!) {\n    advanceTestClock(sessionId: $sessionId, input: $input) {\n      sessionId\n      status\n      testClockAt\n      ran {\n        at\n        kind\n        participantId\n        paymentId\n        offsetMinutes\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminAdvanceTestClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdminSessionEmails($id: ID!) {\n    session(id: $id) {\n      id\n      emails {\n        id\n        kind\n        status\n        recipient\n        createdAt\n        sentAt\n        attempts {\n          attempt\n          startedAt\n          durationMs\n          outcome\n          excerpt\n        }\n      }\n    }\n  }\n',
): typeof import('./graphql').AdminSessionEmailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment AdminPageInfo on PageInfo {\n    hasNextPage\n    endCursor\n  }\n',
): typeof import('./graphql').AdminPageInfoFragmentDoc;

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
