import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useViewer } from '../auth/viewer';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmButton } from '../ui/ConfirmButton';
import { FormError, TextField } from '../ui/fields';
import { formatDateTime } from '../ui/format';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { LoadFailed, Loading, NotFoundPage } from '../ui/load-states';
import { ShownOnceSecret } from '../ui/ShownOnceSecret';
import { CreateOperatorTokenDocument, OperatorTokensDocument, RevokeOperatorTokenDocument } from './operator-token-documents';

const tokensQueryKey = ['admin', 'operator-tokens'] as const;

/** Operators only: tokens for the operator API (created shown once, listed by last 4, revoked). */
export function OperatorTokensScreen() {
  const viewer = useViewer();
  if (viewer.role !== 'OPERATOR') return <NotFoundPage />;
  return <OperatorTokens />;
}

function OperatorTokens() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors<'name'>>(NO_ERRORS);
  const tokens = useQuery({ queryKey: tokensQueryKey, queryFn: async () => (await adminExecute(OperatorTokensDocument)).operatorTokens });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tokensQueryKey });

  const create = useMutation({
    mutationFn: (tokenName: string) => adminExecute(CreateOperatorTokenDocument, { name: tokenName }),
    onSuccess: () => {
      setName('');
      refresh();
    },
    onError: (error) => setErrors(formErrorsFrom(error, ['name'] as const)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => adminExecute(RevokeOperatorTokenDocument, { id }),
    onSuccess: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (name.trim() === '') {
      setErrors({ fields: { name: 'Name the token after where it is used.' }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    create.mutate(name.trim());
  };

  const created = create.data?.createOperatorToken;
  return (
    <AdminPage title="Operator tokens">
      <p className="hint">
        Tokens for the operator API and scripts. Each acts with operator rights: keep them secret, revoke them when unused.
      </p>
      {created && (
        <ShownOnceSecret title="New operator token" secret={created.token} onDismiss={() => create.reset()}>
          <p>It ends in {created.record.last4}.</p>
        </ShownOnceSecret>
      )}
      {tokens.isPending && <Loading what="tokens" />}
      {tokens.isError && <LoadFailed error={tokens.error} onRetry={() => void tokens.refetch()} />}
      {tokens.data?.length === 0 && <p>No tokens yet.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Operator token list" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Token</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Revoked</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id} className={token.revokedAt ? 'is-revoked' : undefined}>
                  <th scope="row">{token.name}</th>
                  <td>
                    <span className="visually-hidden">ends in </span>
                    <code>…{token.last4}</code>
                  </td>
                  <td>{formatDateTime(token.createdAt)}</td>
                  <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
                  <td>{token.revokedAt ? formatDateTime(token.revokedAt) : 'No'}</td>
                  <td>
                    {!token.revokedAt && (
                      <ConfirmButton
                        label="Revoke"
                        accessibleLabel={`Revoke ${token.name}`}
                        question={`Revoke ${token.name}? Anything using it loses access at once.`}
                        confirmLabel="Revoke token"
                        busy={revoke.isPending && revoke.variables === token.id}
                        onConfirm={() => revoke.mutate(token.id)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError && <FormError message={formErrorsFrom(revoke.error, []).form} />}
      <form className="inline-form narrow" onSubmit={submit} noValidate aria-labelledby="create-token-heading">
        <h2 id="create-token-heading">Create token</h2>
        <TextField label="Token name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <FormError message={errors.form} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating token…' : 'Create token'}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
