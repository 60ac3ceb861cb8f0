import { describe, expect, it } from 'vitest';
import { classifyError } from '../src/graphql/errors.js';

describe('what a thrown database error answers', () => {
  it('answers SERVICE_UNAVAILABLE for a statement cut off by statement_timeout, and INTERNAL_ERROR for an unknown fault', () => {
    const timedOut = Object.assign(new Error('select … for update - canceling statement due to statement timeout'), { code: '57014' });
    expect(classifyError(timedOut).code).toBe('SERVICE_UNAVAILABLE');
    expect(classifyError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).code).toBe('SERVICE_UNAVAILABLE');
    expect(classifyError(Object.assign(new Error('duplicate key'), { code: '23505' })).code).toBe('INTERNAL_ERROR');
  });
});
