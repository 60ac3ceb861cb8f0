import { describe, expect, it } from 'vitest';
import { GraphQLRequestError, NETWORK_ERROR } from '../graphql/client';
import { errorScreenFor } from './error-screen';

const failure = (code: string) => new GraphQLRequestError(code, code);

describe('errorScreenFor', () => {
  it('maps each error code to its screen', () => {
    expect(errorScreenFor(failure('SESSION_NOT_FOUND'))).toBe('not-found');
    expect(errorScreenFor(failure('VALIDATION_ERROR'))).toBe('not-found');
    expect(errorScreenFor(failure('UNAUTHENTICATED'))).toBe('link-invalid');
    expect(errorScreenFor(failure('FORBIDDEN'))).toBe('link-invalid');
    expect(errorScreenFor(failure(NETWORK_ERROR))).toBe('unavailable');
    expect(errorScreenFor(failure('SERVICE_UNAVAILABLE'))).toBe('unavailable');
    expect(errorScreenFor(new Error('boom'))).toBe('unavailable');
  });
});
