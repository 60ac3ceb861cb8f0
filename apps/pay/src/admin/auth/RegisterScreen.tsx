import { MIN_PASSWORD_LENGTH } from '@paysplit/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Page } from '../../ui/Page';
import { adminPaths } from '../admin-routes';
import { Link, navigate } from '../navigation';
import { adminExecute } from '../transport';
import { FormError, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { RegisterAccountDocument } from './account-documents';
import { useSignIn } from './viewer';

type RegisterField = 'email' | 'password' | 'confirmPassword';

/** Self sign-up as a merchant; the reply logs the new account in. */
export function RegisterScreen() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<RegisterField>>(NO_ERRORS);

  const register = useMutation({
    mutationFn: () => adminExecute(RegisterAccountDocument, { email: email.trim(), password }),
    onSuccess: ({ registerAccount }) => {
      signIn(registerAccount);
      navigate(adminPaths.dashboard, { replace: true });
    },
    onError: (error) => setErrors(formErrorsFrom(error, ['email', 'password'] as const)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const fields: FormErrors<RegisterField>['fields'] = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) fields.email = 'Enter an email address such as you@example.com.';
    if (password.length < MIN_PASSWORD_LENGTH) fields.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    if (confirmPassword !== password) fields.confirmPassword = 'The two passwords differ.';
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, form: 'Check the highlighted fields.' });
      return;
    }
    setErrors(NO_ERRORS);
    register.mutate();
  };

  return (
    <Page title="Create a PaySplit account">
      <p className="lead">Set up split payments for your shop. You can add integrations and keys once you’re in.</p>
      <form onSubmit={submit} noValidate aria-label="Create account">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <TextField
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields.password}
        />
        <TextField
          label="Repeat the password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.fields.confirmPassword}
        />
        <FormError message={errors.form} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={register.isPending}>
            {register.isPending ? 'Creating account…' : 'Create account'}
          </button>
        </div>
      </form>
      <p>
        Already have an account? <Link href={adminPaths.dashboard}>Log in</Link>
      </p>
    </Page>
  );
}
