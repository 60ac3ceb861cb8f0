import { describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../graphql/client';
import { describeError, formErrorsFrom } from './form-errors';

describe('form errors from the server', () => {
  it('puts each VALIDATION_ERROR detail next to the field its path names', () => {
    const error = new GraphQLRequestError('VALIDATION_ERROR', 'Invalid input', [
      { path: 'input.webhookUrl', message: 'webhookUrl must be an https address' },
      { path: 'input.redirectAllowlist[1]', message: 'not an origin' },
      { path: 'input.mystery', message: 'something else' },
    ]);
    expect(formErrorsFrom(error, ['name', 'webhookUrl', 'redirectAllowlist'])).toEqual({
      fields: { webhookUrl: 'webhookUrl must be an https address', redirectAllowlist: 'not an origin' },
      form: 'something else',
    });
  });

  it('shows every problem with one field, in order, not only the first', () => {
    const error = new GraphQLRequestError('VALIDATION_ERROR', 'Invalid input', [
      { path: 'reminderOffsetsMinutes[0]', message: '4 is not whole minutes from 5 to 43200 (30 days)' },
      { path: 'reminderOffsetsMinutes[3]', message: '1440 repeats the offset at index 1: give each offset once' },
    ]);
    expect(formErrorsFrom(error, ['reminderOffsetsMinutes'])).toEqual({
      fields: {
        reminderOffsetsMinutes:
          '4 is not whole minutes from 5 to 43200 (30 days); 1440 repeats the offset at index 1: give each offset once',
      },
      form: 'Check the highlighted fields.',
    });
  });

  it('says how long to wait after too many login attempts', () => {
    const error = new GraphQLRequestError('RATE_LIMIT_EXCEEDED', 'slow down', [], { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 41.2 });
    expect(formErrorsFrom(error, ['email', 'password'])).toEqual({ fields: {}, form: 'Too many attempts, try again in 42 s.' });
  });

  it('explains a live key before payout onboarding', () => {
    expect(describeError(new GraphQLRequestError('PAYOUT_ONBOARDING_REQUIRED', 'x'))).toMatch(/payout onboarding/);
  });
});
