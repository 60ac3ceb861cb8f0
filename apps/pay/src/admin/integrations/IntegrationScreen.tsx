import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPaths } from '../admin-routes';
import { ReplayFailedForm } from '../deliveries/ReplayFailedForm';
import type { AdminIntegrationFieldsFragment } from '../gql/graphql';
import { Link } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { Loading, PageLoadFailed } from '../ui/load-states';
import { ApiKeysSection } from './ApiKeysSection';
import { AuditLogSection } from './AuditLogSection';
import { EmailRemindersSection } from './EmailRemindersSection';
import { ExportsSection } from './ExportsSection';
import { IntegrationDeliveriesSection } from './IntegrationDeliveriesSection';
import { IntegrationSettingsForm } from './IntegrationSettingsForm';
import { IntegrationDocument, UpdateIntegrationDocument } from './integration-documents';
import { draftFromIntegration, SETTINGS_FIELDS, type SettingsDraft, type SettingsField, settingsInput } from './integration-settings';
import { integrationsQueryKey } from './IntegrationsScreen';
import { PayoutSection } from './PayoutSection';
import { SigningSecretsSection } from './SigningSecretsSection';

export type Integration = AdminIntegrationFieldsFragment;

export const integrationQueryKey = (id: string) => ['admin', 'integration', id] as const;

export function useIntegration(id: string) {
  return useQuery({
    queryKey: integrationQueryKey(id),
    queryFn: async () => (await adminExecute(IntegrationDocument, { id })).integration,
  });
}

/** After a mutation answered with the integration (or changed it): one place updates the page and the list. */
export function useIntegrationChanged(id: string) {
  const queryClient = useQueryClient();
  return (integration?: Integration) => {
    if (integration) queryClient.setQueryData(integrationQueryKey(id), integration);
    else void queryClient.invalidateQueries({ queryKey: integrationQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit', id] });
  };
}

const SECTIONS = [
  ['settings', 'Settings'],
  ['email-reminders', 'Emails'],
  ['api-keys', 'API keys'],
  ['signing-secrets', 'Signing secrets'],
  ['payout', 'Payout onboarding'],
  ['deliveries', 'Webhook deliveries'],
  ['request-log', 'Request log'],
  ['exports', 'Exports'],
  ['audit-log', 'Audit log'],
] as const;

/** /admin/integrations/:id: everything about one integration, one section after another. */
export function IntegrationScreen({ integrationId }: { integrationId: string }) {
  const integration = useIntegration(integrationId);
  if (integration.isError) {
    return <PageLoadFailed error={integration.error} onRetry={() => void integration.refetch()} title="Integration" what="integration" />;
  }
  if (!integration.data) {
    return (
      <AdminPage title="Integration" eyebrow={<Link href={adminPaths.integrations}>Integrations</Link>}>
        <Loading what="the integration" />
      </AdminPage>
    );
  }
  const data = integration.data;
  return (
    <AdminPage title={data.name} eyebrow={<Link href={adminPaths.integrations}>Integrations</Link>}>
      <p className="hint">
        <span className={`badge ${data.enabled ? 'badge-paid' : 'badge-pending'}`}>{data.enabled ? 'Enabled' : 'Disabled'}</span>{' '}
        Integration id <code>{data.id}</code>
        {data.ownerEmail && <> · owner {data.ownerEmail}</>}
      </p>
      <nav className="toc" aria-label="On this page">
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <SettingsSection integration={data} />
      <EmailRemindersSection integration={data} />
      <ApiKeysSection integration={data} />
      <SigningSecretsSection integration={data} />
      <PayoutSection integration={data} />
      <IntegrationDeliveriesSection integrationId={data.id} />
      <section className="admin-section">
        <ReplayFailedForm integrationId={data.id} />
      </section>
      <section className="admin-section" aria-labelledby="request-log">
        <h2 id="request-log">Request log</h2>
        <p>
          Every call your servers made to the merchant API with this integration’s keys, refused ones included, with what was sent and
          answered: <Link href={adminPaths.requests(data.id)}>open the request log</Link>.
        </p>
      </section>
      <ExportsSection integrationId={data.id} />
      <AuditLogSection integrationId={data.id} />
    </AdminPage>
  );
}

function SettingsSection({ integration }: { integration: Integration }) {
  const changed = useIntegrationChanged(integration.id);
  const [errors, setErrors] = useState<FormErrors<SettingsField>>(NO_ERRORS);
  const update = useMutation({
    mutationFn: (draft: SettingsDraft) =>
      adminExecute(UpdateIntegrationDocument, { id: integration.id, input: settingsInput(draft, 'update') }),
    onSuccess: ({ updateIntegration }) => changed(updateIntegration),
    onError: (error) => setErrors(formErrorsFrom(error, SETTINGS_FIELDS)),
  });
  return (
    <section className="admin-section" aria-labelledby="settings">
      <h2 id="settings">Settings</h2>
      <div className="narrow">
        <IntegrationSettingsForm
          initial={draftFromIntegration(integration)}
          submitLabel="Save settings"
          busy={update.isPending}
          serverErrors={errors}
          status={update.isSuccess ? 'Settings saved.' : ''}
          onSubmit={(draft) => {
            setErrors(NO_ERRORS);
            update.mutate(draft);
          }}
        />
      </div>
    </section>
  );
}
