import type { ApolloServerPlugin } from '@apollo/server';
import { ERROR_CLASSES, isErrorCode } from '@paysplit/domain';
import type { GraphQLFormattedError } from 'graphql';

/** The wait a reply's formatted errors ask for, in whole seconds (0: none). */
export function retryAfterSecondsOf(errors: readonly GraphQLFormattedError[] | undefined): number {
  let seconds = 0;
  for (const error of errors ?? []) {
    const own = error.extensions?.retryAfterSeconds;
    const code = error.extensions?.code;
    const retryAfter =
      typeof own === 'number' && Number.isFinite(own) ? own : isErrorCode(code) ? ERROR_CLASSES[code].retryAfterSeconds : undefined;
    if (retryAfter !== undefined) seconds = Math.max(seconds, Math.ceil(retryAfter));
  }
  return seconds;
}

/**
 * GraphQL replies that say "try later" carry `Retry-After` like REST's: the longest
 * `extensions.retryAfterSeconds` of their errors (limits, the sign-in throttle, cost budgets), or
 * the wait the error table gives their code (SERVICE_UNAVAILABLE), as REST does. Read from the formatted errors, so every source of either counts.
 */
export const retryAfterPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const seconds = retryAfterSecondsOf(response.body.singleResult.errors);
        if (seconds > 0) response.http.headers.set('retry-after', String(seconds));
      },
    };
  },
};
