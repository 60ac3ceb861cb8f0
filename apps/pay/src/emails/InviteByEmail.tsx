import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import { type DraftRow, offersInvite, sendsInvite } from '../split/split-draft';
import './emails.css';

const messages = defineMessages({
  sent: { id: 'invite.sent', defaultMessage: 'Invite sent to this address.', description: 'Under an email the invitation already went to' },
  send: {
    id: 'invite.send',
    defaultMessage: 'Send invite by email<hidden> to participant {n, number}</hidden>',
    description: 'Checkbox under a person’s email; the part in <hidden> is read by screen readers only',
  },
});

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
  const t = useT();
  if (!offersInvite(row)) {
    return row.email.trim() !== '' ? <p className="participant-invite hint">{t(messages.sent)}</p> : null;
  }
  return (
    <label className="participant-invite">
      <input type="checkbox" checked={sendsInvite(row)} onChange={(event) => onChange(event.target.checked)} />
      <span>{t.rich(messages.send, { n, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}</span>
    </label>
  );
}
