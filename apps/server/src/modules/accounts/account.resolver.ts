import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { byClientAddress, RateLimited } from '../../graphql/rate-limited.js';
import type { Account, OperatorToken } from './account.entity.js';
import type { AdminPrincipal } from './account.service.js';
import { AdminViewer, CreatedOperatorToken, OperatorTokenView } from './account.types.js';
import { ADMIN_COOKIE } from '../../http/cookies.js';

/** Signing in and out of the administration area, passwords, and operator tokens. */
@Resolver()
export class AccountResolver {
  @Query(() => AdminViewer, { nullable: true, description: 'The signed-in user, or null (never an error when signed out).' })
  async me(@Ctx() context: RequestContext): Promise<AdminViewer | null> {
    const principal = await context.optionalAdmin();
    return principal ? this.viewer(context, principal) : null;
  }

  @Mutation(() => AdminViewer, {
    description: 'Signs in: sets the HttpOnly sign-in cookie. Five wrong passwords a minute slow further tries.',
  })
  async login(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() context: RequestContext,
  ): Promise<AdminViewer> {
    try {
      const { account, token, expiresAt } = await context.services.signIns.login(context.em, {
        email,
        password,
        clientAddress: context.clientAddress,
      });
      this.setLoginCookie(context, token, expiresAt);
      context.logger.info({ accountId: account.id }, 'admin signed in');
      return this.viewerOf(context, account, token);
    } catch (error) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) context.setHeader('Retry-After', String(retryAfter));
      throw error;
    }
  }

  @Mutation(() => Boolean, { description: 'Signs out this browser.' })
  async logout(@Ctx() context: RequestContext): Promise<boolean> {
    await context.requireAdmin({ allowPendingPasswordChange: true });
    await context.services.signIns.logout(context.em, context.cookies.get(ADMIN_COOKIE));
    context.cookies.clear(ADMIN_COOKIE);
    return true;
  }

  @RateLimited('accountSignup', byClientAddress)
  @Mutation(() => AdminViewer, { description: 'Creates a merchant account and signs it in.' })
  async registerAccount(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() context: RequestContext,
  ): Promise<AdminViewer> {
    await context.services.accounts.createAccount(context.em, { email, password, role: 'merchant' });
    return this.login(email, password, context);
  }

  @Mutation(() => AdminViewer, { description: 'Changes the password; other sign-ins of the account end.' })
  async changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() context: RequestContext,
  ): Promise<AdminViewer> {
    const principal = await context.requireAdmin({ allowPendingPasswordChange: true });
    const keep = principal.via === 'login' ? context.cookies.get(ADMIN_COOKIE) : undefined;
    const account = await context.services.accounts.changePassword(context.em, principal, {
      currentPassword,
      newPassword,
      keepLoginToken: keep,
    });
    return keep ? this.viewerOf(context, account, keep) : this.viewer(context, { ...principal, mustChangePassword: false });
  }

  @Query(() => [OperatorTokenView], { description: 'Operator tokens (operators only).' })
  async operatorTokens(@Ctx() context: RequestContext): Promise<OperatorTokenView[]> {
    const principal = await context.requireAdmin();
    return (await context.services.operatorTokens.listOperatorTokens(context.em, principal)).map(toOperatorTokenView);
  }

  @Mutation(() => CreatedOperatorToken, { description: 'A token for internal dashboards; shown once (operators only).' })
  async createOperatorToken(@Arg('name', () => String) name: string, @Ctx() context: RequestContext): Promise<CreatedOperatorToken> {
    const principal = await context.requireAdmin();
    const { token, record } = await context.services.operatorTokens.createOperatorToken(context.em, principal, name);
    return Object.assign(new CreatedOperatorToken(), { token, record: toOperatorTokenView(record) });
  }

  @Mutation(() => OperatorTokenView, { description: 'Revokes an operator token (operators only).' })
  async revokeOperatorToken(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) id: string,
    @Ctx() context: RequestContext,
  ): Promise<OperatorTokenView> {
    const principal = await context.requireAdmin();
    return toOperatorTokenView(await context.services.operatorTokens.revokeOperatorToken(context.em, principal, id));
  }

  private setLoginCookie(context: RequestContext, token: string, expiresAt: Date): void {
    // Strict: the admin cookie never rides on a navigation from another site.
    context.cookies.set(ADMIN_COOKIE, token, expiresAt, { sameSite: 'strict' });
  }

  private viewer(context: RequestContext, principal: AdminPrincipal): AdminViewer {
    return this.viewerOf(
      context,
      { id: principal.accountId, email: principal.email, role: principal.role, mustChangePassword: principal.mustChangePassword },
      principal.via === 'login' ? context.cookies.get(ADMIN_COOKIE) : undefined,
    );
  }

  /** Operator tokens carry no cookie and need no CSRF token: an empty one says so. */
  private viewerOf(
    context: RequestContext,
    account: Pick<Account, 'id' | 'email' | 'role' | 'mustChangePassword'>,
    cookieToken: string | undefined,
  ): AdminViewer {
    return Object.assign(new AdminViewer(), {
      accountId: account.id,
      email: account.email,
      role: account.role,
      mustChangePassword: account.mustChangePassword,
      csrfToken: cookieToken ? context.services.signIns.csrfTokenFor(cookieToken) : '',
    });
  }
}

export function toOperatorTokenView(token: OperatorToken): OperatorTokenView {
  return Object.assign(new OperatorTokenView(), {
    id: token.id,
    name: token.name,
    last4: token.last4,
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt ?? null,
    revokedAt: token.revokedAt ?? null,
  });
}
