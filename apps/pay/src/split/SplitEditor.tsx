import type { Currency } from '@paysplit/domain';
import { formatMoney } from '../money';
import type { PaySessionView } from '../session/session-query';
import { ModePicker } from './ModePicker';
import { ParticipantRow } from './ParticipantRow';
import { parseAmountInput } from './share-inputs';
import { SplitSummary } from './SplitSummary';
import { useSplitForm } from './use-split-form';

interface Props {
  session: PaySessionView;
  /** Called after a successful save, and by "Discard changes" when editing a saved split. */
  onDone?: () => void;
}

/** The host's split setup: one line per person, the mode, what is left to assign, and Save. */
export function SplitEditor({ session, onDone }: Props) {
  const form = useSplitForm(session, onDone);
  const { draft, currency, locked, check } = form;
  const money = (minor: bigint) => formatMoney(minor, session.currency);

  return (
    <form className="split-editor" onSubmit={form.submit} noValidate aria-labelledby="split-heading">
      <h2 id="split-heading">Who is paying</h2>
      <ModePicker mode={draft.mode} total={money(form.totalMinor)} onChange={form.chooseMode} />

      <ol className="participants" aria-label="People paying">
        {draft.rows.map((row, index) => {
          const paid = row.participantId === null ? undefined : locked.get(row.participantId);
          // While exact amounts do not add up yet, each still shows what that person would pay.
          const share = paid ?? check.amounts?.[index] ?? (draft.mode === 'EXACT' ? typedAmount(row.amount, currency) : undefined);
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
        Add participant
      </button>

      <SplitSummary mode={draft.mode} check={check} totalMinor={form.totalMinor} currencyCode={session.currency} messages={form.messages} />

      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={form.isSaving}>
          {form.isSaving ? 'Saving…' : 'Save split'}
        </button>
        {onDone && session.status !== 'UNCONFIGURED' && (
          <button type="button" className="button-secondary" onClick={onDone}>
            Discard changes
          </button>
        )}
      </div>
    </form>
  );
}

function typedAmount(text: string, currency: Currency): bigint | undefined {
  const parsed = parseAmountInput(text, currency);
  return parsed.ok ? parsed.value : undefined;
}
