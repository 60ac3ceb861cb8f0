import { useId, useRef, useState } from 'react';
import { formatMoney } from '../money';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { QrCode } from './QrCode';

/** One link per participant to send however the host likes: copy, the phone's share sheet, or a QR code. */
export function InviteList({ session }: { session: PaySessionView }) {
  const invitees = session.participants.filter((p) => p.inviteUrl);
  if (invitees.length === 0) return null;
  return (
    <section className="invites" aria-labelledby="invites-heading">
      <h2 id="invites-heading">Send each person their link</h2>
      <p className="hint">Each link is personal: it lets that person pay their share and see progress.</p>
      <ul className="invite-list">
        {invitees.map((p) => (
          <InviteCard key={p.id} participant={p} session={session} />
        ))}
      </ul>
    </section>
  );
}

type CopyState = 'idle' | 'copied' | 'selected';

function InviteCard({ participant, session }: { participant: PayParticipant; session: PaySessionView }) {
  const url = participant.inviteUrl ?? '';
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [showQr, setShowQr] = useState(false);
  const paid = participant.status === 'PAID';
  const amount = formatMoney(participant.amountMinor, session.currency);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const selectLink = () => {
    input.current?.focus();
    input.current?.select();
    setCopy('selected');
  };
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // Insecure context or permission refused: select it so the person can copy by hand.
      selectLink();
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: 'Your share',
        text: `${session.organiserName ?? 'The organiser'} asked you to pay your share (${amount}).`,
        url,
      });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  };

  return (
    <li className="invite-card">
      <h3 className="invite-name">
        {participant.displayName} <span className="muted">· {amount}</span>
        {paid && <span className="badge badge-paid">Paid</span>}
      </h3>
      <label htmlFor={`${id}-link`} className="field-label">
        Invite link<span className="visually-hidden"> for {participant.displayName}</span>
      </label>
      <input
        id={`${id}-link`}
        ref={input}
        className="invite-link"
        type="text"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="invite-actions">
        {/* A phone's share sheet first (Messages, WhatsApp, email…); copying works everywhere else. */}
        {canShare && (
          <button type="button" className="button-primary" onClick={() => void share()}>
            Share<span className="visually-hidden"> {participant.displayName}’s link</span>
          </button>
        )}
        <button type="button" className={canShare ? 'button-secondary' : 'button-primary'} onClick={() => void copyLink()}>
          Copy link
        </button>
        <button type="button" className="button-secondary" aria-expanded={showQr} onClick={() => setShowQr((v) => !v)}>
          {showQr ? 'Hide QR code' : 'Show QR code'}
        </button>
      </div>
      <p className="hint" role="status">
        {copy === 'copied' ? 'Link copied.' : copy === 'selected' ? 'Link selected — copy it with your device’s copy command.' : ''}
      </p>
      {showQr && (
        <div className="qr-wrap">
          <QrCode value={url} label={`QR code of the link for ${participant.displayName}`} />
        </div>
      )}
    </li>
  );
}
