import { type DraftRow, offersInvite } from '../split/split-draft';
import './emails.css';

interface Props {
  row: DraftRow;
  /** 1-based, as people count. */
  n: number;
  onChange: (sendInvite: boolean) => void;
}

/** Under a person's email in the split editor: whether saving emails them their invite. */
export function InviteByEmail({ row, n, onChange }: Props) {
  if (!offersInvite(row)) {
    return row.email.trim() !== '' ? <p className="participant-invite hint">Invite sent to this address.</p> : null;
  }
  const id = `participant-${row.key}-send-invite`;
  return (
    <div className="participant-invite">
      <input id={id} type="checkbox" checked={row.sendInvite === true} onChange={(event) => onChange(event.target.checked)} />{' '}
      <label htmlFor={id}>
        Send invite by email<span className="visually-hidden"> to participant {n}</span>
      </label>
    </div>
  );
}
