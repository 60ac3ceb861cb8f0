import { EXPORT_KINDS, type ExportKind, MAX_EXPORT_RANGE_DAYS } from '@paysplit/domain';
import { type FormEvent, useState } from 'react';
import { useViewer } from '../auth/viewer';
import { SelectField, TextField } from '../ui/fields';
import { type FormErrors, NO_ERRORS } from '../ui/form-errors';
import { endOfLocalDay, lastDays, startOfLocalDay } from '../ui/local-dates';

type ExportField = 'from' | 'to';

const KIND_LABELS: Record<ExportKind, string> = {
  sessions: 'Sessions',
  payments: 'Payments (every attempt)',
  captures: 'Captures (holds charged)',
  releases: 'Releases (checkouts closed, holds released)',
  refunds: 'Refunds',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reconciliation exports: the browser posts a plain form to /admin/exports and saves the answer
 * as a file while it arrives, so a year of payments never sits in the page's memory. The CSRF
 * token goes as a field (a form cannot send the header); the dates are whole days in the viewer's
 * time zone, sent as instants, and the rows' times in the file are UTC.
 */
export function ExportsSection({ integrationId }: { integrationId: string }) {
  // The signed-in viewer's token (kept current by the `me` query), sent as a field: a form cannot send the header.
  const viewer = useViewer();
  const [range, setRange] = useState(() => lastDays(30));
  const [errors, setErrors] = useState<FormErrors<ExportField>>(NO_ERRORS);
  const from = startOfLocalDay(range.from);
  const to = endOfLocalDay(range.to);

  const submit = (event: FormEvent) => {
    const fields: FormErrors<ExportField>['fields'] = {};
    if (from === null) fields.from = 'Enter a date such as 2030-03-12.';
    if (to === null) fields.to = 'Enter a date such as 2030-03-12.';
    else if (from !== null && to <= from) fields.to = 'The end date is before the start date.';
    else if (from !== null && Date.parse(to) - Date.parse(from) > MAX_EXPORT_RANGE_DAYS * DAY_MS) {
      fields.to = `At most ${MAX_EXPORT_RANGE_DAYS} days at once: export a longer period in parts.`;
    }
    if (Object.keys(fields).length > 0) {
      event.preventDefault();
      setErrors({ fields, form: null });
      return;
    }
    // Nothing prevented: the browser posts the form and saves the file, and this page stays.
    setErrors(NO_ERRORS);
  };

  return (
    <section className="admin-section" aria-labelledby="exports">
      <h2 id="exports">Exports</h2>
      <p className="hint">
        Everything of one kind created in the dates chosen, as a file for reconciliation: amounts in minor and major units, times in UTC.
        The same as <code>GET /api/v1/exports/…</code> with an API key.
      </p>
      <form method="post" action="/admin/exports" onSubmit={submit} noValidate aria-labelledby="exports-heading">
        <h3 id="exports-heading">Download</h3>
        <input type="hidden" name="integrationId" value={integrationId} />
        <input type="hidden" name="csrfToken" value={viewer.csrfToken} />
        <input type="hidden" name="from" value={from ?? ''} />
        <input type="hidden" name="to" value={to ?? ''} />
        <div className="filter-grid">
          <SelectField label="What" name="kind" defaultValue="payments">
            {EXPORT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Mode" name="mode" defaultValue="live">
            <option value="live">Live</option>
            <option value="test">Test</option>
          </SelectField>
          <TextField
            label="Created from"
            type="date"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            error={errors.fields.from}
          />
          <TextField
            label="Created to"
            type="date"
            hint="The whole day is included"
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            error={errors.fields.to}
          />
          <SelectField label="Format" name="format" defaultValue="csv">
            <option value="csv">CSV (spreadsheets)</option>
            <option value="jsonl">JSON lines (programs)</option>
          </SelectField>
        </div>
        <div className="form-actions">
          <button type="submit" className="button-secondary">
            Download
          </button>
        </div>
      </form>
    </section>
  );
}
