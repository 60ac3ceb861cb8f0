import { type DraftRow, offersInvite, sendsInvite } from '../split/split-draft';
import './emails.css';

interface Props {
  row: DraftRow;
  /** 1-based, as people count. */
  n: number;
  onChange: (sendInvite: boolean) => void;
}

/**
 * Under a person's email in the split editor: whether saving emails them their invite. Ticked as
 * soon as an address is typed (that is why one is typed); the host can untick it.
 */
export function InviteByEmail({ row, n, onChange }: Props) {
  if (!offersInvite(row)) {
    return row.email.trim() !== '' ? <p className="participant-invite hint">Invite sent to this address.</p> : null;
  }
  return (
    <label className="participant-invite">
      <input type="checkbox" checked={sendsInvite(row)} onChange={(event) => onChange(event.target.checked)} />
      <span>
        Send invite by email<span className="visually-hidden"> to participant {n}</span>
      </span>
    </label>
  );
}
