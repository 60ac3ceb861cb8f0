import { fileURLToPath } from 'node:url';
import { TrustedDocuments } from '../../src/graphql/trusted-documents.js';

/** The pay app's documents by id, as its build wrote them (npm test builds first). */
let trustedDocuments: TrustedDocuments | undefined;

/** The id of the pay app's own document for an operation, as the app sends it. */
export function payAppDocumentId(operationName: string): string {
  trustedDocuments ??= TrustedDocuments.load(fileURLToPath(new URL('../../../pay/dist/', import.meta.url)), true);
  const id = trustedDocuments.idOf(operationName);
  if (!id) throw new Error(`The pay app has no ${operationName} document`);
  return id;
}

/**
 * One person's browser talking to the pay app's GraphQL API: it keeps the cookies the server
 * sets (as a browser would) and sends them back, so tests exercise the real cookie exchange.
 * `open`, `view`, `configure` and `startPayment` send the pay app's own documents by id, as the
 * app does (the only way a production server accepts from a browser).
 */
export class PayBrowser {
  private readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async graphql<T = any>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T; errors?: { message: string; extensions: { code: string } }[] }> {
    return this.send({ query, variables });
  }

  /** Runs one of the pay app's own operations by its documentId. */
  async run<T = any>(
    operationName: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T; errors?: { message: string; extensions: { code: string } }[] }> {
    return this.send({ documentId: payAppDocumentId(operationName), variables });
  }

  private async send<T>(body: Record<string, unknown>): Promise<{ data: T; errors?: { message: string; extensions: { code: string } }[] }> {
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: JSON.stringify(body),
    });
    this.lastSetCookie = response.headers.getSetCookie();
    for (const header of this.lastSetCookie) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return (await response.json()) as { data: T; errors?: { message: string; extensions: { code: string } }[] };
  }

  async open(sessionId: string, token: string) {
    return this.run('OpenSession', { sessionId, token });
  }

  async view(sessionId: string) {
    return this.run('PaySession', { sessionId });
  }

  async configure(input: Record<string, unknown>) {
    return this.run('ConfigureSession', { input });
  }

  /** The pay app's own StartPayment pays the viewer's share; paying for someone else is API only. */
  async startPayment(sessionId: string, participantId?: string) {
    return participantId === undefined
      ? this.run<{ startPayment: { paymentId: string; redirectUrl: string } }>('StartPayment', { sessionId })
      : this.graphql<{ startPayment: { paymentId: string; redirectUrl: string } }>(START_PAYMENT, { sessionId, participantId });
  }
}

export const START_PAYMENT = `mutation($sessionId: ID!, $participantId: ID) { startPayment(sessionId: $sessionId, participantId: $participantId) { paymentId redirectUrl } }`;
