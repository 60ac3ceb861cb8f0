import { type FormEvent, useState } from 'react';
import type { CaptureMethod, EventType } from '../gql/graphql';
import { CheckboxField, FormError, TextAreaField, TextField } from '../ui/fields';
import type { FormErrors } from '../ui/form-errors';
import { checkSettings, eventTypesFor, MANUAL_EVENT_TYPES, type SettingsDraft, type SettingsField } from './integration-settings';

interface Props {
  initial: SettingsDraft;
  submitLabel: string;
  busy: boolean;
  /** The server's answer to the last submission. */
  serverErrors: FormErrors<SettingsField>;
  /** A line under the buttons after a save ("Saved."). */
  status?: string;
  onSubmit: (draft: SettingsDraft) => void;
}

/** Name, the merchant's endpoints, where payers may be sent back to, which events to receive, on/off. */
export function IntegrationSettingsForm({ initial, submitLabel, busy, serverErrors, status, onSubmit }: Props) {
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  const [localErrors, setLocalErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const edit = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleEvent = (type: EventType, on: boolean) =>
    edit({ eventSubscriptions: on ? [...draft.eventSubscriptions, type] : draft.eventSubscriptions.filter((t) => t !== type) });
  // Automatic capture hears nothing of holds: its events go with it.
  const chooseCaptureMethod = (captureMethod: CaptureMethod) =>
    edit({
      captureMethod,
      eventSubscriptions:
        captureMethod === 'MANUAL'
          ? draft.eventSubscriptions
          : draft.eventSubscriptions.filter((type) => !MANUAL_EVENT_TYPES.some((event) => event.type === type)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = checkSettings(draft);
    setLocalErrors(errors);
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onSubmit(draft);
  };

  // The browser's checks first; once they pass, what the server said.
  const errorOf = (field: SettingsField) => localErrors[field] ?? serverErrors.fields[field];
  const hasLocal = Object.keys(localErrors).length > 0;
  const formError = submitted && hasLocal ? 'Check the highlighted fields.' : serverErrors.form;

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} className="settings-form">
      <TextField label="Name" value={draft.name} onChange={(e) => edit({ name: e.target.value })} error={errorOf('name')} maxLength={200} />
      <fieldset className="field">
        <legend>What payers see</legend>
        <TextField
          label="Display name"
          hint={`Shown to payers on every pay page${draft.name.trim() ? `; without it they see “${draft.name.trim()}”` : ''}.`}
          autoComplete="organization"
          value={draft.displayName}
          onChange={(e) => edit({ displayName: e.target.value })}
          error={errorOf('displayName')}
          maxLength={80}
        />
        <TextField
          label="Logo URL"
          type="url"
          inputMode="url"
          hint="An https image, shown square at 40 px beside the display name."
          placeholder="https://shop.example.com/logo.png"
          value={draft.logoUrl}
          onChange={(e) => edit({ logoUrl: e.target.value })}
          error={errorOf('logoUrl')}
        />
        <TextField
          label="Accent colour"
          hint="As #RRGGBB. Pay buttons use it with white text, so it must be dark enough for a 4.5:1 contrast."
          placeholder="#0B5CAD"
          spellCheck={false}
          autoCapitalize="characters"
          value={draft.accentColor}
          onChange={(e) => edit({ accentColor: e.target.value })}
          error={errorOf('accentColor')}
          maxLength={7}
        />
      </fieldset>
      <TextField
        label="Partner create-payment URL"
        type="url"
        inputMode="url"
        hint="PaySplit calls it to start each payment at your processor."
        placeholder="https://shop.example.com/paysplit/create-payment"
        value={draft.partnerCreatePaymentUrl}
        onChange={(e) => edit({ partnerCreatePaymentUrl: e.target.value })}
        error={errorOf('partnerCreatePaymentUrl')}
      />
      <TextField
        label="Partner refund URL"
        type="url"
        inputMode="url"
        hint="PaySplit calls it to refund a payment at your processor. Leave empty to refund payments yourself (listed as refunds owed)."
        placeholder="https://shop.example.com/paysplit/refund"
        value={draft.partnerRefundUrl}
        onChange={(e) => edit({ partnerRefundUrl: e.target.value })}
        error={errorOf('partnerRefundUrl')}
      />
      <TextField
        label="Partner cancel URL"
        type="url"
        inputMode="url"
        hint="PaySplit calls it when a checkout will not be used (the payer started again, the share was paid, the session ended), so you expire it at your processor. Leave empty and such checkouts stay open."
        placeholder="https://shop.example.com/paysplit/cancel"
        value={draft.partnerCancelUrl}
        onChange={(e) => edit({ partnerCancelUrl: e.target.value })}
        error={errorOf('partnerCancelUrl')}
      />
      <fieldset className="field">
        <legend>When payers are charged</legend>
        <div className="choice-list">
          {(
            [
              ['AUTOMATIC', 'When each person pays (automatic)'],
              ['MANUAL', 'Only once everyone has paid: each card is held until then (manual)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="capture-method"
                value={value}
                checked={draft.captureMethod === value}
                onChange={() => chooseCaptureMethod(value)}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        <p className="hint">New sessions use it; sessions already created keep how they started.</p>
        {errorOf('captureMethod') && <p className="field-error">{errorOf('captureMethod')}</p>}
      </fieldset>
      <TextField
        label="Partner capture URL"
        type="url"
        inputMode="url"
        hint="Used when payers are charged only once everyone has paid: PaySplit calls it then, once per held card, so you capture that hold at your processor."
        placeholder="https://shop.example.com/paysplit/capture"
        value={draft.partnerCaptureUrl}
        onChange={(e) => edit({ partnerCaptureUrl: e.target.value })}
        error={errorOf('partnerCaptureUrl')}
      />
      {draft.captureMethod === 'MANUAL' && (
        <TextField
          label="Hold lifetime (hours)"
          inputMode="decimal"
          hint="How long your processor keeps a hold (card holds usually last 7 days: 168). A session must end an hour before it."
          value={draft.holdLifetimeSeconds}
          onChange={(e) => edit({ holdLifetimeSeconds: e.target.value })}
          error={errorOf('holdLifetimeSeconds')}
          maxLength={6}
        />
      )}
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        hint="Where PaySplit sends the events you subscribe to."
        placeholder="https://shop.example.com/paysplit/webhooks"
        value={draft.webhookUrl}
        onChange={(e) => edit({ webhookUrl: e.target.value })}
        error={errorOf('webhookUrl')}
      />
      <TextAreaField
        label="Redirect allowlist"
        hint="Sites payers may be sent back to (success and cancel URLs): one origin per line, such as https://shop.example.com or https://*.example.com."
        rows={3}
        spellCheck={false}
        value={draft.redirectAllowlist}
        onChange={(e) => edit({ redirectAllowlist: e.target.value })}
        error={errorOf('redirectAllowlist')}
      />
      <fieldset className="field">
        <legend>Event subscriptions</legend>
        {eventTypesFor(draft.captureMethod).map(({ type, label }) => (
          <CheckboxField
            key={type}
            label={label}
            checked={draft.eventSubscriptions.includes(type)}
            onChange={(e) => toggleEvent(type, e.target.checked)}
          />
        ))}
        {errorOf('eventSubscriptions') && <p className="field-error">{errorOf('eventSubscriptions')}</p>}
      </fieldset>
      <CheckboxField
        label="Enabled"
        hint="A disabled integration cannot create sessions."
        checked={draft.enabled}
        onChange={(e) => edit({ enabled: e.target.checked })}
        error={errorOf('enabled')}
      />
      <FormError message={formError} />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
      <p className="hint" role="status">
        {status ?? ''}
      </p>
    </form>
  );
}
