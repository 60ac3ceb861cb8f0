import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminExecute } from '../transport';
import { FormError, TextField } from '../ui/fields';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { UpdateEmailSettingsDocument } from './integration-documents';
import { EmailTimeZoneForm } from './EmailTimeZoneForm';
import { type Integration, useIntegrationChanged } from './IntegrationScreen';
import { describeOffsets, offsetsText, parseOffsets } from './reminder-offsets';

const FIELDS = ['reminderOffsetsMinutes'] as const;

/** When payers who have not paid get their reminder emails, before the session's deadline. */
export function EmailRemindersSection({ integration }: { integration: Integration }) {
  const changed = useIntegrationChanged(integration.id);
  const [text, setText] = useState(() => offsetsText(integration.reminderOffsetsMinutes));
  const [localError, setLocalError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>(NO_ERRORS);
  const update = useMutation({
    mutationFn: (minutes: number[]) =>
      adminExecute(UpdateEmailSettingsDocument, { id: integration.id, input: { reminderOffsetsMinutes: minutes } }),
    onSuccess: ({ updateIntegration }) => {
      changed(updateIntegration);
      setText(offsetsText(updateIntegration.reminderOffsetsMinutes));
    },
    onError: (error) => setErrors(formErrorsFrom(error, FIELDS)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setErrors(NO_ERRORS);
    const parsed = parseOffsets(text);
    setLocalError(parsed.ok ? null : parsed.message);
    if (parsed.ok) update.mutate(parsed.minutes);
  };

  return (
    <section className="admin-section" aria-labelledby="email-reminders">
      <h2 id="email-reminders">Emails</h2>
      <p>
        Reminders to payers who gave an email and have not paid:{' '}
        <strong data-testid="reminder-schedule">{describeOffsets(integration.reminderOffsetsMinutes)}</strong>. None go out after a session
        ends, nor to anyone who unsubscribed.
      </p>
      <form onSubmit={submit} noValidate aria-label="Save reminder times" className="narrow">
        <TextField
          label="Reminder times before the deadline"
          hint="Up to 10, each 5 min to 30 days, separated by commas: such as 24 h, 2 h or 1 h 30 min. Leave empty for no reminders."
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          error={localError ?? errors.fields.reminderOffsetsMinutes}
        />
        <FormError message={localError ? null : errors.form} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save reminder times'}
          </button>
        </div>
        <p className="hint" role="status">
          {update.isSuccess ? 'Reminder times saved.' : ''}
        </p>
      </form>
      <EmailTimeZoneForm integration={integration} />
    </section>
  );
}
