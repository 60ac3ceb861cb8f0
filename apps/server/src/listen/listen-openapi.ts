import { ErrorCode } from '@paysplit/domain';
import { LISTEN_CLOSE_CODES, LISTEN_PATH, LISTEN_SUBPROTOCOL } from '@paysplit/sdk';
import type { z } from 'zod';
import { listenAnswerSchema, listenCallSchema, listenReadySchema } from './listen-messages.js';

type JsonObject = Record<string, unknown>;

/** What the handshake may be refused with, in decisions §4's order. */
export const LISTEN_ERROR_CODES = [
  ErrorCode.BrowserRequestForbidden,
  ErrorCode.MissingApiKey,
  ErrorCode.InvalidApiKey,
  ErrorCode.TestModeOnly,
  ErrorCode.IntegrationDisabled,
  ErrorCode.RateLimitExceeded,
  ErrorCode.ValidationError,
] as const;

/**
 * The listen connection in the OpenAPI document: the handshake as a GET with its refusals, and its
 * messages as named schemas (so the SDK's CLI gets their types generated like every other body).
 */
export function listenPaths(
  schemaOf: (schema: z.ZodType, io: 'input' | 'output') => JsonObject,
  errorResponses: (codes: readonly ErrorCode[]) => JsonObject,
): JsonObject {
  const messages = [schemaOf(listenReadySchema, 'output'), schemaOf(listenCallSchema, 'output'), schemaOf(listenAnswerSchema, 'input')];
  return {
    [LISTEN_PATH]: {
      get: {
        operationId: 'listen',
        summary: 'Forward test-mode traffic to your machine (paysplit listen)',
        tags: ['Listen'],
        description: [
          `A WebSocket (subprotocol \`${LISTEN_SUBPROTOCOL}\`) for \`npx paysplit listen\`, the SDK's command; a test API key only.`,
          "While it is open, the integration's test-mode webhooks and partner calls go to it instead of the configured URLs,",
          "each signed with the listener's own secret (`signingSecret` of ListenReady): PaySplit sends ListenReady, then a",
          'ListenCall for each attempt; the listener POSTs its exact body and headers to the local URL and sends back a ListenAnswer,',
          "which PaySplit records as the merchant's answer. Live-mode traffic is never sent to a listener. One listener per",
          `integration: a newer one replaces it (close code ${LISTEN_CLOSE_CODES.replaced}). Close codes: 1001 PaySplit is stopping`,
          `(reconnect), 1009 a message over 100 KiB, ${LISTEN_CLOSE_CODES.badMessage} a message that is not an answer,`,
          `${LISTEN_CLOSE_CODES.keyRefused} the key stopped working, ${LISTEN_CLOSE_CODES.internalError} PaySplit failed (reconnect).`,
        ].join(' '),
        security: [{ ApiKey: [] }],
        parameters: [
          { name: 'Upgrade', in: 'header', required: true, schema: { type: 'string', const: 'websocket' } },
          { name: 'Sec-WebSocket-Protocol', in: 'header', required: true, schema: { type: 'string', const: LISTEN_SUBPROTOCOL } },
        ],
        responses: {
          101: {
            description: 'Switching Protocols: the listen connection, carrying these messages as JSON text',
            content: { 'application/json': { schema: { oneOf: messages } } },
          },
          ...errorResponses(LISTEN_ERROR_CODES),
        },
      },
    },
  };
}
