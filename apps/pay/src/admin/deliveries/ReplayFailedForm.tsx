import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminExecute } from '../transport';
import { FormError, SelectField, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { endOfLocalDay, lastDays, startOfLocalDay } from '../ui/local-dates';
import { ReplayFailedDeliveriesDocument } from './delivery-documents';

type ReplayField = 'integrationId' | 'from' | 'to';

interface Props {
  /** Fixed on an integration's page; chosen from these on the explorer. */
  integrationId?: string;
  integrations?: readonly { id: string; name: string }[];
}

/** Queues every failed delivery of an integration in a date range for another attempt. */
export function ReplayFailedForm({ integrationId: fixedIntegration, integrations = [] }: Props) {
  const queryClient = useQueryClient();
  const [integrationId, setIntegrationId] = useState(fixedIntegration ?? '');
  const [range, setRange] = useState(() => lastDays(7));
  const [errors, setErrors] = useState<FormErrors<ReplayField>>(NO_ERRORS);

  const replay = useMutation({
    mutationFn: (variables: { integrationId: string; range: { from: string; to: string } }) =>
      adminExecute(ReplayFailedDeliveriesDocument, variables),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] !== 'me' }),
    onError: (error) => setErrors(formErrorsFrom(error, ['integrationId', 'from', 'to'] as const)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (replay.isPending) return;
    const fields: FormErrors<ReplayField>['fields'] = {};
    const from = startOfLocalDay(range.from);
    const to = endOfLocalDay(range.to);
    if (!integrationId) fields.integrationId = 'Choose an integration.';
    if (from === null) fields.from = 'Enter a date such as 2030-03-12.';
    if (to === null) fields.to = 'Enter a date such as 2030-03-12.';
    else if (from !== null && to <= from) fields.to = 'The end date is before the start date.';
    if (Object.keys(fields).length > 0 || from === null || to === null) {
      setErrors({ fields, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    replay.mutate({ integrationId, range: { from, to } });
  };

  const requeued = replay.data?.replayFailedDeliveries.requeued;
  return (
    <form className="replay-form" onSubmit={submit} noValidate aria-labelledby="replay-heading">
      <h2 id="replay-heading">Replay failed deliveries</h2>
      <p className="hint">Every delivery that failed in the range is sent again (same event ids, so your endpoint can ignore repeats).</p>
      <div className="filter-grid">
        {fixedIntegration === undefined && (
          <SelectField
            label="Integration"
            value={integrationId}
            onChange={(e) => setIntegrationId(e.target.value)}
            error={errors.fields.integrationId}
          >
            <option value="">Choose…</option>
            {integrations.map((integration) => (
              <option key={integration.id} value={integration.id}>
                {integration.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Failed from"
          type="date"
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          error={errors.fields.from}
        />
        <TextField
          label="Failed to"
          type="date"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          error={errors.fields.to}
        />
      </div>
      <FormError message={errors.form} />
      <div className="form-actions">
        <button type="submit" className="button-secondary" disabled={replay.isPending}>
          {replay.isPending ? 'Replaying…' : 'Replay failed deliveries'}
        </button>
      </div>
      <p className="hint" role="status">
        {requeued === undefined ? '' : `${requeued} failed ${requeued === 1 ? 'delivery' : 'deliveries'} queued again.`}
      </p>
    </form>
  );
}
