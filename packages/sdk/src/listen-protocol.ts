/**
 * The listen connection (`paysplit listen`): what both ends agree on besides the messages, whose
 * types are generated from the OpenAPI document (ListenReady, ListenCall, ListenAnswer). PaySplit's
 * server imports these too, so the two cannot drift.
 */

/** The WebSocket's path under PaySplit's base URL, with the API key in `X-Service-API-Key`. */
export const LISTEN_PATH = '/api/v1/listen';

/** The subprotocol a listener asks for (`Sec-WebSocket-Protocol`); anything else is refused. */
export const LISTEN_SUBPROTOCOL = 'paysplit-listen.v1';

/** The most of a local endpoint's answer a listener sends back: PaySplit reads no more of any answer. */
export const LISTEN_MAX_ANSWER_BODY_CHARS = 16 * 1024;

/**
 * How PaySplit closes a listen connection, beside 1001 (the server is stopping: reconnect) and
 * 1009 (a message over the limit).
 */
export const LISTEN_CLOSE_CODES = {
  /** A message that is not an answer the protocol knows. */
  badMessage: 4400,
  /** The API key no longer works: revoked, or its integration disabled. */
  keyRefused: 4401,
  /** A newer listener for the same integration took over. */
  replaced: 4409,
  /** PaySplit failed; reconnecting is worthwhile. */
  internalError: 4500,
} as const;
