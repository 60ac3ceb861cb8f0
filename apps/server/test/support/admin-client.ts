/** A browser-like client of the administration area's GraphQL: keeps the sign-in cookie and the CSRF token. */
export interface GraphQLReply<T = any> {
  status: number;
  headers: Headers;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; details?: { path: string; message: string }[]; retryAfterSeconds?: number } }[];
}

export class AdminClient {
  cookie = '';
  csrfToken = '';
  /** Set to send `Authorization: Bearer …` instead of the cookie (operator tokens). */
  bearer = '';

  constructor(readonly baseUrl: string) {}

  async gql<T = any>(query: string, variables: Record<string, unknown> = {}, options: { csrf?: boolean } = {}): Promise<GraphQLReply<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrfToken && options.csrf !== false) headers['x-csrf-token'] = this.csrfToken;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(`${this.baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('ps_admin='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const body = (await response.json()) as { data?: T; errors?: GraphQLReply['errors'] };
    return { status: response.status, headers: response.headers, data: body.data ?? undefined, errors: body.errors };
  }

  /** Like gql, but fails the test with the server's message when there are errors. */
  async ok<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const reply = await this.gql<T>(query, variables);
    if (reply.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(reply.errors)}`);
    return reply.data!;
  }

  async login(email: string, password: string): Promise<GraphQLReply> {
    const reply = await this.gql(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accountId email role mustChangePassword csrfToken } }`,
      {
        e: email,
        p: password,
      },
    );
    if (reply.data?.login) this.csrfToken = reply.data.login.csrfToken;
    return reply;
  }

  async register(email: string, password: string): Promise<GraphQLReply> {
    const reply = await this.gql(
      `mutation($e: String!, $p: String!) { registerAccount(email: $e, password: $p) { accountId email role csrfToken } }`,
      {
        e: email,
        p: password,
      },
    );
    if (reply.data?.registerAccount) this.csrfToken = reply.data.registerAccount.csrfToken;
    else throw new Error(`registerAccount failed: ${JSON.stringify(reply.errors)}`);
    return reply;
  }
}

export const errorCode = (reply: GraphQLReply): string | undefined => reply.errors?.[0]?.extensions?.code;
