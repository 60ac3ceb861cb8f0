import { GraphQLRequestError, NETWORK_ERROR } from '../../graphql/client';

/** What a failed form submission shows: messages next to named fields, and one for the whole form. */
export interface FormErrors<F extends string = string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

export const NO_ERRORS: FormErrors<never> = { fields: {}, form: null };

/** The field a detail path names: "input.redirectAllowlist[2]" -> "redirectAllowlist". */
export function fieldOfPath(path: string): string {
  return (
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path
  );
}

/** Seconds to wait from a RATE_LIMIT_EXCEEDED error, when the server said. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof GraphQLRequestError)) return null;
  const value = error.extensions.retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/** One sentence for a failed request, by its code. */
export function describeError(error: unknown): string {
  if (!(error instanceof GraphQLRequestError)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case NETWORK_ERROR:
      return 'No connection to PaySplit. Check your connection and try again.';
    case 'UNAUTHENTICATED':
      return 'You are logged out. Log in again to continue.';
    case 'FORBIDDEN':
      return 'You don’t have permission to do that.';
    case 'NOT_FOUND':
    case 'SESSION_NOT_FOUND':
      return 'That no longer exists, or you don’t have access to it.';
    case 'RATE_LIMIT_EXCEEDED': {
      const seconds = retryAfterSeconds(error);
      return seconds === null ? 'Too many attempts, try again shortly.' : `Too many attempts, try again in ${seconds} s.`;
    }
    case 'PAYOUT_ONBOARDING_REQUIRED':
      return 'Complete payout onboarding before creating live keys.';
    case 'SERVICE_UNAVAILABLE':
    case 'INTERNAL_ERROR':
      return 'PaySplit could not do that right now. Try again in a moment.';
    default:
      return error.message || 'Something went wrong. Try again.';
  }
}

/**
 * Spreads a failed submission over the form: each detail whose path names one of `fields` goes
 * next to that field (several for one field, in order, separated by semicolons); the rest (and
 * errors without details) become the form's message.
 */
export function formErrorsFrom<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  const known = new Set<string>(fields);
  const result: FormErrors<F> = { fields: {}, form: null };
  const details = error instanceof GraphQLRequestError ? error.details : [];
  const stray: string[] = [];
  for (const detail of details) {
    const field = fieldOfPath(detail.path);
    // Every problem with a field shows, not only the first (a list may have several bad entries).
    if (known.has(field)) {
      const earlier = result.fields[field as F];
      result.fields[field as F] = earlier ? `${earlier}; ${detail.message}` : detail.message;
    } else stray.push(detail.message);
  }
  if (details.length === 0) result.form = describeError(error);
  else if (stray.length > 0) result.form = stray.join(' ');
  else if (Object.keys(result.fields).length > 0) result.form = 'Check the highlighted fields.';
  return result;
}
