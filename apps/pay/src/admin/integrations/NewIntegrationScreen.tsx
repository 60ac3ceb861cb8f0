import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPaths } from '../admin-routes';
import { navigate } from '../navigation';
import { adminExecute } from '../transport';
import { AdminPage } from '../ui/AdminPage';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { integrationQueryKey } from './IntegrationScreen';
import { IntegrationSettingsForm } from './IntegrationSettingsForm';
import { CreateIntegrationDocument } from './integration-documents';
import { NEW_INTEGRATION_DRAFT, SETTINGS_FIELDS, type SettingsDraft, type SettingsField, settingsInput } from './integration-settings';
import { integrationsQueryKey } from './IntegrationsScreen';

export function NewIntegrationScreen() {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FormErrors<SettingsField>>(NO_ERRORS);
  const create = useMutation({
    mutationFn: (draft: SettingsDraft) => adminExecute(CreateIntegrationDocument, { input: settingsInput(draft, 'create') }),
    onSuccess: ({ createIntegration }) => {
      queryClient.setQueryData(integrationQueryKey(createIntegration.id), createIntegration);
      void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
      navigate(adminPaths.integration(createIntegration.id));
    },
    onError: (error) => setErrors(formErrorsFrom(error, SETTINGS_FIELDS)),
  });

  return (
    <AdminPage title="New integration" eyebrow="Integrations">
      <p className="lead">One shop or app. You’ll create its API keys and see its signing secrets next.</p>
      <div className="narrow">
        <IntegrationSettingsForm
          initial={NEW_INTEGRATION_DRAFT}
          submitLabel="Create integration"
          busy={create.isPending}
          serverErrors={errors}
          onSubmit={(draft) => {
            setErrors(NO_ERRORS);
            create.mutate(draft);
          }}
        />
      </div>
    </AdminPage>
  );
}
