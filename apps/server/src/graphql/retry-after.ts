import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode } from '@paysplit/domain';

/** What REST sends with SERVICE_UNAVAILABLE (rest/error-response.ts), for GraphQL alike. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * GraphQL replies that say "try later" carry `Retry-After` like REST's: the longest
 * `extensions.retryAfterSeconds` of their errors (limits, the sign-in throttle, cost budgets), or
 * 5 s for SERVICE_UNAVAILABLE. Read from the formatted errors, so every source of either counts.
 */
export const retryAfterPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        let seconds = 0;
        for (const error of response.body.singleResult.errors ?? []) {
          const retryAfter = error.extensions?.retryAfterSeconds;
          if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) seconds = Math.max(seconds, Math.ceil(retryAfter));
          else if (error.extensions?.code === ErrorCode.ServiceUnavailable) seconds = Math.max(seconds, UNAVAILABLE_RETRY_SECONDS);
        }
        if (seconds > 0) response.http.headers.set('retry-after', String(seconds));
      },
    };
  },
};
