import { graphql } from '../gql';

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
