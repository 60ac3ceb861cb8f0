/**
 * One person's browser talking to the pay app's GraphQL API: it keeps the cookies the server
 * sets (as a browser would) and sends them back, so tests exercise the real cookie exchange.
 */
export class PayBrowser {
  private readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async graphql<T = any>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T; errors?: { message: string; extensions: { code: string } }[] }> {
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: JSON.stringify({ query, variables }),
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
    return this.graphql(OPEN_SESSION, { sessionId, token });
  }

  async view(sessionId: string) {
    return this.graphql(PAY_SESSION, { sessionId });
  }

  async configure(input: Record<string, unknown>) {
    return this.graphql(CONFIGURE_SESSION, { input });
  }

  async startPayment(sessionId: string, participantId?: string) {
    return this.graphql<{ startPayment: { paymentId: string; redirectUrl: string } }>(START_PAYMENT, {
      sessionId,
      participantId: participantId ?? null,
    });
  }
}

const VIEW_FIELDS = `
  id status viewerRole viewerParticipantId currency amountMinor paidMinor remainingMinor splitMode organiserName version
  participants { id displayName amountMinor status isHost isYou email inviteUrl }
`;

export const OPEN_SESSION = `mutation($sessionId: ID!, $token: String!) { openSession(sessionId: $sessionId, token: $token) { ${VIEW_FIELDS} } }`;
export const PAY_SESSION = `query($sessionId: ID!) { paySession(sessionId: $sessionId) { ${VIEW_FIELDS} } }`;
export const CONFIGURE_SESSION = `mutation($input: ConfigureSessionInput!) { configureSession(input: $input) { ${VIEW_FIELDS} } }`;
export const START_PAYMENT = `mutation($sessionId: ID!, $participantId: ID) { startPayment(sessionId: $sessionId, participantId: $participantId) { paymentId redirectUrl } }`;
