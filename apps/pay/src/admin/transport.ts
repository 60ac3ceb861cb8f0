import { type OperationDocument, request, type VariablesArgs } from '../graphql/client';

/**
 * The admin's CSRF token: from the login, registration and password-change replies, or after a
 * reload from the `me` query. Kept in memory only (never storage), so a script on another page
 * cannot read it and a closed tab forgets it.
 */
let csrfToken: string | null = null;

export function rememberCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * Runs an admin operation over same-origin /graphql: the HttpOnly `ps_admin` cookie goes along and
 * the CSRF token rides in `X-CSRF-Token` (the server refuses cookie requests without it).
 */
export async function adminExecute<TResult, TVariables>(
  document: OperationDocument<TResult, TVariables>,
  ...[variables]: VariablesArgs<TVariables>
): Promise<TResult> {
  return request(document, variables, csrfToken === null ? {} : { 'X-CSRF-Token': csrfToken });
}
