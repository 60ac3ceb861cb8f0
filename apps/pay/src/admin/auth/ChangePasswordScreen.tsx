import { MIN_PASSWORD_LENGTH } from '@paysplit/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Page } from '../../ui/Page';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { FormError, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { ChangePasswordDocument } from './account-documents';
import { rememberedOneTimePassword, rememberOneTimePassword } from './one-time-password';
import { useLogout, useSignIn } from './viewer';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** `knownCurrentPassword`: the one-time password this page signed in with; the field is then not shown. */
function ChangePasswordForm({ knownCurrentPassword = null }: { knownCurrentPassword?: string | null }) {
  const signIn = useSignIn();
  const [askCurrent, setAskCurrent] = useState(knownCurrentPassword === null);
  const [typedCurrentPassword, setCurrentPassword] = useState('');
  const currentPassword = askCurrent ? typedCurrentPassword : (knownCurrentPassword ?? '');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<PasswordField>>(NO_ERRORS);
  const [done, setDone] = useState(false);

  const change = useMutation({
    mutationFn: () => adminExecute(ChangePasswordDocument, { currentPassword, newPassword }),
    onSuccess: ({ changePassword }) => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setDone(true);
      rememberOneTimePassword(null);
      signIn(changePassword);
    },
    onError: (error) => {
      const next = formErrorsFrom(error, ['currentPassword', 'newPassword'] as const);
      // The remembered password no longer works (changed elsewhere): ask for it after all.
      if (!askCurrent && next.fields.currentPassword) {
        rememberOneTimePassword(null);
        setAskCurrent(true);
        next.fields.currentPassword = 'Enter the one-time password you logged in with.';
      }
      setErrors(next);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(false);
    const fields: FormErrors<PasswordField>['fields'] = {};
    if (currentPassword === '') fields.currentPassword = 'Enter your current password.';
    if (newPassword.length < MIN_PASSWORD_LENGTH) fields.newPassword = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    else if (newPassword === currentPassword) fields.newPassword = 'Choose a password different from the current one.';
    if (confirmPassword !== newPassword) fields.confirmPassword = 'The two new passwords differ.';
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, form: 'Check the highlighted fields.' });
      return;
    }
    setErrors(NO_ERRORS);
    change.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      {askCurrent && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={typedCurrentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={errors.fields.currentPassword}
        />
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        error={errors.fields.newPassword}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={errors.fields.confirmPassword}
      />
      <FormError message={errors.form} />
      <p className="notice-inline-success" role="status">
        {done ? 'Password changed.' : ''}
      </p>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing password…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

/** After a one-time password (from the CLI) nothing else is reachable until the person picks their own. */
export function ForcedChangePasswordScreen() {
  const logout = useLogout();
  return (
    <Page title="Choose a new password">
      <p className="lead">You logged in with a one-time password. Choose your own password to continue.</p>
      <ChangePasswordForm knownCurrentPassword={rememberedOneTimePassword()} />
      <button type="button" className="button-quiet" onClick={() => logout.mutate()}>
        Log out
      </button>
    </Page>
  );
}

export function ChangePasswordScreen() {
  return (
    <AdminPage title="Change password">
      <div className="narrow">
        <ChangePasswordForm />
      </div>
    </AdminPage>
  );
}
