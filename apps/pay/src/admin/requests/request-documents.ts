import { graphql } from '../gql';

export const MerchantRequestFieldsFragment = graphql(`
  fragment AdminMerchantRequestFields on MerchantRequest {
    id
    at
    method
    path
    status
    errorCode
    requestId
    durationMs
    sessionId
  }
`);

export const MerchantRequestsDocument = graphql(`
  query AdminMerchantRequests($filter: MerchantRequestFilter!, $first: Int, $after: String) {
    merchantRequests(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...AdminMerchantRequestFields
        }
      }
      pageInfo {
        ...AdminPageInfo
      }
    }
  }
`);

export const MerchantRequestDocument = graphql(`
  query AdminMerchantRequest($id: ID!) {
    merchantRequest(id: $id) {
      ...AdminMerchantRequestFields
      integrationId
      apiKeyId
      mode
      idempotencyKey
      requestBody
      responseBody
    }
  }
`);
