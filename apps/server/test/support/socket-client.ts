import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * A graphql-ws client whose handshake carries the headers a browser's would (its cookie, its
 * Origin), on the server's /graphql. No retries: a test wants to see a refusal, not hide it.
 */
export function browserSocketClient(baseUrl: string, headers: Record<string, string>, options: { lazy?: boolean } = {}): Client {
  class BrowserLikeSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: BrowserLikeSocket,
    retryAttempts: 0,
    lazy: options.lazy ?? true,
  });
}
