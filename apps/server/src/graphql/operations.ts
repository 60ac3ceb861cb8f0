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
