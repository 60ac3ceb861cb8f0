import { listTimeZones, normalizeTimeZone } from '@paysplit/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { adminExecute } from '../transport';
import { FormError, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { UpdateEmailSettingsDocument } from './integration-documents';
import { type Integration, useIntegrationChanged } from './IntegrationScreen';

const FIELDS = ['timeZone'] as const;

/** The time zone emails give times in (a deadline, a payment's date), the zone named beside each. */
export function EmailTimeZoneForm({ integration }: { integration: Integration }) {
  const changed = useIntegrationChanged(integration.id);
  const zonesId = useId();
  const zones = useMemo(() => listTimeZones(), []);
  const [text, setText] = useState(integration.timeZone);
  const [localError, setLocalError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>(NO_ERRORS);
  const update = useMutation({
    mutationFn: (timeZone: string) => adminExecute(UpdateEmailSettingsDocument, { id: integration.id, input: { timeZone } }),
    onSuccess: ({ updateIntegration }) => {
      changed(updateIntegration);
      setText(updateIntegration.timeZone);
    },
    onError: (error) => setErrors(formErrorsFrom(error, FIELDS)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setErrors(NO_ERRORS);
    const zone = normalizeTimeZone(text);
    setLocalError(zone ? null : 'Use a time zone name such as Pacific/Auckland, Europe/London or UTC.');
    if (zone) update.mutate(zone);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Save time zone" className="narrow">
      <TextField
        label="Time zone of times in emails"
        hint="Deadlines and payment dates in emails are given in this zone, with its name, such as 11:55 New Zealand Daylight Time."
        value={text}
        list={zonesId}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        error={localError ?? errors.fields.timeZone}
      />
      <datalist id={zonesId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <FormError message={localError ? null : errors.form} />
      <div className="form-actions">
        <button type="submit" className="button-secondary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save time zone'}
        </button>
      </div>
      <p className="hint" role="status">
        {update.isSuccess ? 'Time zone saved.' : ''}
      </p>
    </form>
  );
}
