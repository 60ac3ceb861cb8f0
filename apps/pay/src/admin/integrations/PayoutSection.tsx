import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminExecute } from '../transport';
import { FormError, TextField } from '../ui/fields';
import { formatDateTime } from '../ui/format';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../ui/form-errors';
import { type Integration, useIntegrationChanged } from './IntegrationScreen';
import { SubmitPayoutOnboardingDocument } from './integration-documents';

type PayoutField = 'legalName' | 'bankAccount' | 'contactEmail';

/** Who gets paid out, and where: required before live keys. */
export function PayoutSection({ integration }: { integration: Integration }) {
  const payout = integration.payoutOnboarding;
  const complete = payout.status === 'COMPLETE';
  const changed = useIntegrationChanged(integration.id);
  const [editing, setEditing] = useState(false);
  const [legalName, setLegalName] = useState(payout.legalName ?? '');
  const [bankAccount, setBankAccount] = useState('');
  const [contactEmail, setContactEmail] = useState(payout.contactEmail ?? '');
  const [errors, setErrors] = useState<FormErrors<PayoutField>>(NO_ERRORS);

  const submitOnboarding = useMutation({
    mutationFn: () =>
      adminExecute(SubmitPayoutOnboardingDocument, {
        integrationId: integration.id,
        input: { legalName: legalName.trim(), bankAccount: bankAccount.trim(), contactEmail: contactEmail.trim() },
      }),
    onSuccess: ({ submitPayoutOnboarding }) => {
      setBankAccount('');
      setEditing(false);
      changed(submitPayoutOnboarding);
    },
    onError: (error) => setErrors(formErrorsFrom(error, ['legalName', 'bankAccount', 'contactEmail'] as const)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitOnboarding.isPending) return;
    const fields: FormErrors<PayoutField>['fields'] = {};
    if (legalName.trim() === '') fields.legalName = 'Enter the legal name of the business.';
    if (bankAccount.trim() === '') fields.bankAccount = 'Enter the bank account for payouts.';
    if (!/^\S+@\S+\.\S+$/.test(contactEmail.trim())) fields.contactEmail = 'Enter an email address such as payouts@example.com.';
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, form: 'Check the highlighted fields.' });
      return;
    }
    setErrors(NO_ERRORS);
    submitOnboarding.mutate();
  };

  return (
    <section className="admin-section" aria-labelledby="payout">
      <h2 id="payout">Payout onboarding</h2>
      <p>
        Status: <span className={`badge ${complete ? 'badge-paid' : 'badge-wait'}`}>{complete ? 'Complete' : 'Pending'}</span>
      </p>
      {complete && (
        <dl className="details">
          <div>
            <dt>Legal name</dt>
            <dd>{payout.legalName ?? '—'}</dd>
          </div>
          <div>
            <dt>Bank account</dt>
            <dd>
              <code>{payout.bankAccountMasked ?? '—'}</code>
            </dd>
          </div>
          <div>
            <dt>Contact email</dt>
            <dd>{payout.contactEmail ?? '—'}</dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>{formatDateTime(payout.completedAt)}</dd>
          </div>
        </dl>
      )}
      {complete && !editing && (
        <button type="button" className="button-secondary" onClick={() => setEditing(true)}>
          Change payout details
        </button>
      )}
      {(!complete || editing) && (
        <form className="narrow" onSubmit={submit} noValidate aria-label="Payout details">
          {!complete && <p className="hint">Needed before you can create live keys.</p>}
          <TextField
            label="Legal name"
            autoComplete="organization"
            value={legalName}
            onChange={(e) => setLegalName(e.target.value)}
            error={errors.fields.legalName}
          />
          <TextField
            label="Bank account"
            hint="An IBAN (e.g. GB82 WEST 1234 5698 7654 32) or a New Zealand account number (12-3140-0123456-00)."
            autoComplete="off"
            spellCheck={false}
            value={bankAccount}
            onChange={(e) => setBankAccount(e.target.value)}
            error={errors.fields.bankAccount}
          />
          <TextField
            label="Contact email"
            type="email"
            autoComplete="email"
            value={contactEmail}
            onChange={(e) => setContactEmail(e.target.value)}
            error={errors.fields.contactEmail}
          />
          <FormError message={errors.form} />
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={submitOnboarding.isPending}>
              {submitOnboarding.isPending ? 'Submitting…' : 'Submit payout details'}
            </button>
            {editing && (
              <button type="button" className="button-secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
