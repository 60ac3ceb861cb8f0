import type { AuditService } from '../audit/index.js';
import { AccountRepository } from './account.repository.js';
import { AccountService } from './account.service.js';
import { OperatorTokenService } from './operator-tokens.service.js';
import { type LoginThrottle, SignInService } from './sign-in.service.js';

/** The accounts module's services, one concern each, over one repository. */
export interface AccountServices {
  accounts: AccountService;
  signIns: SignInService;
  operatorTokens: OperatorTokenService;
}

/** Wires the module once per createApp. */
export function createAccountServices(deps: {
  audit: AuditService;
  /** Key for deriving each sign-in's CSRF token from its cookie token. */
  csrfKey: Buffer;
  throttle?: LoginThrottle;
  now?: () => Date;
}): AccountServices {
  const repository = new AccountRepository();
  return {
    accounts: new AccountService(repository, deps.audit, deps.now),
    signIns: new SignInService(repository, { csrfKey: deps.csrfKey, throttle: deps.throttle, now: deps.now }),
    operatorTokens: new OperatorTokenService(repository, deps.audit, deps.now),
  };
}
