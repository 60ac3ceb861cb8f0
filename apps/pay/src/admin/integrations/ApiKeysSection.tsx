import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorCodeOf } from '../../graphql/client';
import type { Mode } from '../gql/graphql';
import { adminExecute } from '../transport';
import { ConfirmButton } from '../ui/ConfirmButton';
import { FormError, TextField } from '../ui/fields';
import { formatDateTime } from '../ui/format';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { ShownOnceSecret } from '../ui/ShownOnceSecret';
import { type Integration, useIntegrationChanged } from './IntegrationScreen';
import { CreateApiKeyDocument, RevokeApiKeyDocument } from './integration-documents';

type KeyField = 'name' | 'mode';

/** The integration's API keys (revoked ones too), creating one (shown once) and revoking. */
export function ApiKeysSection({ integration }: { integration: Integration }) {
  const changed = useIntegrationChanged(integration.id);
  const [mode, setMode] = useState<Mode>('TEST');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors<KeyField>>(NO_ERRORS);

  // The full key lives only in this mutation's result: "hide" resets it, and leaving the page drops it (gcTime 0).
  const create = useMutation({
    mutationFn: (variables: { mode: Mode; name: string | null }) =>
      adminExecute(CreateApiKeyDocument, { integrationId: integration.id, ...variables }),
    onSuccess: () => {
      setName('');
      changed();
    },
    onError: (error) => setErrors(formErrorsFrom(error, ['name', 'mode'] as const)),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => adminExecute(RevokeApiKeyDocument, { integrationId: integration.id, keyId }),
    onSuccess: () => changed(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setErrors(NO_ERRORS);
    create.mutate({ mode, name: name.trim() || null });
  };

  const created = create.data?.createApiKey;
  const needsOnboarding = errorCodeOf(create.error) === 'PAYOUT_ONBOARDING_REQUIRED';
  const keys = integration.apiKeys;

  return (
    <section className="admin-section" aria-labelledby="api-keys">
      <h2 id="api-keys">API keys</h2>
      <p className="hint">
        Your server sends a key in the X-Service-API-Key header. Test keys create test sessions; live keys move real money.
      </p>
      {created && (
        <ShownOnceSecret
          title={`New ${created.key.mode === 'LIVE' ? 'live' : 'test'} API key`}
          secret={created.apiKey}
          onDismiss={() => create.reset()}
        >
          <p>It ends in {created.key.last4}; the table below shows only those last 4 characters from now on.</p>
        </ShownOnceSecret>
      )}
      {keys.length === 0 ? (
        <p>No keys yet.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="API key list" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Mode</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Revoked</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => {
                const label = key.name ?? `key ending ${key.last4}`;
                return (
                  <tr key={key.id} className={key.revokedAt ? 'is-revoked' : undefined}>
                    <th scope="row">{key.name ?? <span className="muted">Unnamed</span>}</th>
                    <td>
                      <span className={`badge ${key.mode === 'LIVE' ? 'badge-live' : 'badge-pending'}`}>
                        {key.mode === 'LIVE' ? 'Live' : 'Test'}
                      </span>
                    </td>
                    <td>
                      <span className="visually-hidden">ends in </span>
                      <code>…{key.last4}</code>
                    </td>
                    <td>{formatDateTime(key.createdAt)}</td>
                    <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                    <td>{key.revokedAt ? formatDateTime(key.revokedAt) : 'No'}</td>
                    <td>
                      {!key.revokedAt && (
                        <ConfirmButton
                          label="Revoke"
                          accessibleLabel={`Revoke ${label}`}
                          question={`Revoke ${label}? Requests using it fail from now on. This cannot be undone.`}
                          confirmLabel="Revoke key"
                          busy={revoke.isPending && revoke.variables === key.id}
                          onConfirm={() => revoke.mutate(key.id)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError && <FormError message={formErrorsFrom(revoke.error, []).form} />}

      <form className="inline-form" onSubmit={submit} noValidate aria-labelledby="create-key-heading">
        <h3 id="create-key-heading">Create key</h3>
        <fieldset className="field">
          <legend>Mode</legend>
          <div className="choice-row">
            {(['TEST', 'LIVE'] as const).map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name={`key-mode-${integration.id}`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />{' '}
                {value === 'TEST' ? 'Test' : 'Live'}
              </label>
            ))}
          </div>
          {mode === 'LIVE' && integration.payoutOnboarding.status !== 'COMPLETE' && (
            <p className="hint">Live keys need payout onboarding to be complete first.</p>
          )}
        </fieldset>
        <TextField
          label="Key name (optional)"
          hint="Where it is used, e.g. “production web server”."
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={errors.fields.name}
        />
        <FormError message={errors.form} />
        {needsOnboarding && (
          <p>
            <a href="#payout">Go to payout onboarding</a>
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating key…' : 'Create key'}
          </button>
        </div>
      </form>
    </section>
  );
}
