import type { Currency } from '@paysplit/domain';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import type { PaySessionView } from '../session/session-query';
import { ModePicker } from './ModePicker';
import { ParticipantRow } from './ParticipantRow';
import { parseAmountInput } from './share-inputs';
import { SplitSummary } from './SplitSummary';
import { useSplitForm } from './use-split-form';

const messages = defineMessages({
  heading: { id: 'split.heading', defaultMessage: 'Who is paying', description: 'Heading of the split editor' },
  people: {
    id: 'split.people',
    defaultMessage: 'People paying',
    description: 'Label (for screen readers) of the list of people in the editor',
  },
  add: { id: 'split.add', defaultMessage: 'Add participant', description: 'Adds a person to the split' },
  saving: { id: 'split.saving', defaultMessage: 'Saving…', description: 'The Save button while saving' },
  save: { id: 'split.save', defaultMessage: 'Save split', description: 'Saves the split' },
  discard: { id: 'split.discard', defaultMessage: 'Discard changes', description: 'Leaves the editor without saving' },
});

interface Props {
  session: PaySessionView;
  /** Called after a successful save, and by "Discard changes" when editing a saved split. */
  onDone?: () => void;
}

/** The host's split setup: one line per person, the mode, what is left to assign, and Save. */
export function SplitEditor({ session, onDone }: Props) {
  const t = useT();
  const form = useSplitForm(session, onDone);
  const { draft, currency, locked, check } = form;
  const money = (minor: bigint) => t.money(minor, session.currency);

  return (
    <form className="split-editor" onSubmit={form.submit} noValidate aria-labelledby="split-heading">
      <h2 id="split-heading">{t(messages.heading)}</h2>
      <ModePicker mode={draft.mode} total={money(form.totalMinor)} onChange={form.chooseMode} />

      <ol className="participants" aria-label={t(messages.people)}>
        {draft.rows.map((row, index) => {
          const paid = row.participantId === null ? undefined : locked.get(row.participantId);
          // While exact amounts do not add up yet, each still shows what that person would pay.
          const share =
            paid ?? check.amounts?.[index] ?? (draft.mode === 'EXACT' ? typedAmount(row.amount, currency, t.locale) : undefined);
          return (
            <ParticipantRow
              key={row.key}
              row={row}
              n={index + 1}
              isHost={index === 0}
              mode={draft.mode}
              paid={paid}
              share={share == null ? null : money(share)}
              errors={form.errorsFor(row, index)}
              removable={index > 0 && paid === undefined}
              onChange={(patch) => form.editRow(row.key, patch)}
              onEdited={(field) => form.leaveField(row.key, field)}
              onRemove={() => form.removeRow(row.key)}
            />
          );
        })}
      </ol>

      <button type="button" id="add-participant" className="button-secondary button-add" onClick={form.addRow}>
        {t(messages.add)}
      </button>

      <SplitSummary mode={draft.mode} check={check} totalMinor={form.totalMinor} currencyCode={session.currency} messages={form.messages} />

      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={form.isSaving}>
          {t(form.isSaving ? messages.saving : messages.save)}
        </button>
        {onDone && session.status !== 'UNCONFIGURED' && (
          <button type="button" className="button-secondary" onClick={onDone}>
            {t(messages.discard)}
          </button>
        )}
      </div>
    </form>
  );
}

function typedAmount(text: string, currency: Currency, locale: string): bigint | undefined {
  const parsed = parseAmountInput(text, currency, locale);
  return parsed.ok ? parsed.value : undefined;
}
