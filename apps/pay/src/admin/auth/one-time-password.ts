/**
 * The one-time password just used to sign in, kept in this page's memory (never in storage) so
 * the forced change of password does not ask for it a second time. The server still verifies
 * it as the current password (docs/decisions.md). It is gone after the change, at logout, and on
 * reload, when the form asks for it again.
 */
let oneTimePassword: string | null = null;

export function rememberOneTimePassword(password: string | null): void {
  oneTimePassword = password;
}

export function rememberedOneTimePassword(): string | null {
  return oneTimePassword;
}
