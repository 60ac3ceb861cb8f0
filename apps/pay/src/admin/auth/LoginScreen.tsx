import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorCodeOf } from '../../graphql/client';
import { Page } from '../../ui/Page';
import { useNow } from '../../use-now';
import { adminPaths } from '../admin-routes';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { FormError, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS, retryAfterSeconds } from '../ui/form-errors';
import { LoginDocument } from './account-documents';
import { useSignIn } from './viewer';
import { rememberOneTimePassword } from './one-time-password';

type LoginField = 'email' | 'password';

/** Email and password; after five wrong passwords the server makes the person wait, and this says how long. */
export function LoginScreen() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<LoginField>>(NO_ERRORS);
  const [wait, setWait] = useState<{ refusedAt: number; retryAt: number } | null>(null);
  const now = useNow(wait === null ? 60_000 : 1_000);
  // `now` ticks each second while waiting; right after the refusal it may be older than the refusal itself.
  const waitSeconds = wait === null ? 0 : Math.max(0, Math.ceil((wait.retryAt - Math.max(now, wait.refusedAt)) / 1000));

  const login = useMutation({
    mutationFn: () => adminExecute(LoginDocument, { email: email.trim(), password }),
    onSuccess: ({ login: viewer }) => {
      // Signed in with a one-time password: the change that follows need not ask for it again.
      rememberOneTimePassword(viewer?.mustChangePassword ? password : null);
      signIn(viewer);
    },
    onError: (error) => {
      const seconds = errorCodeOf(error) === 'RATE_LIMIT_EXCEEDED' ? retryAfterSeconds(error) : null;
      const refusedAt = Date.now();
      setWait(seconds === null ? null : { refusedAt, retryAt: refusedAt + seconds * 1000 });
      setErrors(
        errorCodeOf(error) === 'UNAUTHENTICATED'
          ? { fields: {}, form: 'That email and password don’t match an account.' }
          : formErrorsFrom(error, ['email', 'password'] as const),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || waitSeconds > 0) return;
    const fields: FormErrors<LoginField>['fields'] = {};
    if (email.trim() === '') fields.email = 'Enter your email address.';
    if (password === '') fields.password = 'Enter your password.';
    if (fields.email || fields.password) {
      setErrors({ fields, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    login.mutate();
  };

  const formMessage = waitSeconds > 0 ? `Too many attempts, try again in ${waitSeconds} s.` : wait !== null ? null : errors.form;

  return (
    <Page title="Log in to PaySplit">
      <p className="lead">Manage your integrations, keys and payment sessions.</p>
      <form onSubmit={submit} noValidate aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            // The server counts wrong passwords per email: another email need not wait.
            setWait(null);
          }}
          error={errors.fields.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields.password}
        />
        <FormError message={formMessage} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={login.isPending || waitSeconds > 0}>
            {login.isPending ? 'Logging in…' : 'Log in'}
          </button>
        </div>
      </form>
      <p>
        New to PaySplit? <Link href={adminPaths.register}>Create an account</Link>
      </p>
    </Page>
  );
}
