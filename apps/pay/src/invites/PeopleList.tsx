import { useRef, useState } from 'react';
import { formatClock } from '../emails/email-status';
import { useRemind } from '../emails/use-remind';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { GroupHeading, PersonLine, ProgressSummary } from '../status/SessionProgress';
import { QrCode } from './QrCode';
import { shareMessage } from './share-message';

interface Props {
  session: PaySessionView;
  now: number;
}

/**
 * The host's group, one row per person: name, share and whether they paid, then what the host
 * can do for them (send their link by the share sheet, copy it, show its QR code, remind them by
 * email). Money in so far and the deadline above.
 */
export function PeopleList({ session, now }: Props) {
  return (
    <section className="people" aria-labelledby="people-heading">
      <GroupHeading id="people-heading" session={session}>
        Your group
      </GroupHeading>
      <ProgressSummary session={session} now={now} />
      <ul className="people-list" aria-label="Your group">
        {session.participants.map((p) => (
          <PersonRow key={p.id} session={session} participant={p} now={now} />
        ))}
      </ul>
    </section>
  );
}

type LinkOutcome = 'copied' | 'selected' | null;

function PersonRow({ session, participant, now }: { session: PaySessionView; participant: PayParticipant; now: number }) {
  const remind = useRemind(session, participant, now);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkOutcome, setLinkOutcome] = useState<LinkOutcome>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const name = participant.displayName;
  const url = participant.inviteUrl;
  // A paid share needs no more sending; the host's own link is the page they are on.
  const sendable = url !== null && participant.status !== 'PAID';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const panelId = `link-${participant.id}`;

  const selectLink = () => {
    setLinkOpen(true);
    setLinkOutcome('selected');
    // The field exists once the panel has rendered.
    requestAnimationFrame(() => {
      linkInput.current?.focus();
      linkInput.current?.select();
    });
  };
  const copyLink = async () => {
    try {
      if (!navigator.clipboard || url === null) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setLinkOutcome('copied');
    } catch {
      // Insecure context or permission refused: select it so the person can copy by hand.
      selectLink();
    }
  };
  const share = async () => {
    try {
      await navigator.share({ ...shareMessage(session, participant), url: url ?? undefined });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  };

  const detail = [remind.statusLine, remind.waitUntil ? `can remind again ${formatClock(remind.waitUntil, now)}` : null]
    .filter(Boolean)
    .join(' · ');
  const said =
    remind.outcome?.text ??
    (linkOutcome === 'copied'
      ? 'Link copied.'
      : linkOutcome === 'selected'
        ? 'Link selected — copy it with your device’s copy command.'
        : '');

  return (
    <li className="person">
      <PersonLine
        session={session}
        participant={participant}
        detail={detail ? <span className="person-detail">{detail}</span> : undefined}
      />
      {(sendable || remind.offered) && (
        <div className="person-actions">
          {sendable && canShare && (
            <button type="button" className="button-small" onClick={() => void share()}>
              Share<span className="visually-hidden"> {name}’s link</span>
            </button>
          )}
          {sendable && (
            <button type="button" className="button-small" onClick={() => void copyLink()}>
              Copy<span className="visually-hidden"> {name}’s link</span>
            </button>
          )}
          {sendable && (
            <button
              type="button"
              className="button-small"
              aria-expanded={linkOpen}
              aria-controls={linkOpen ? panelId : undefined}
              onClick={() => setLinkOpen((open) => !open)}
            >
              QR<span className="visually-hidden"> code and link for {name}</span>
            </button>
          )}
          {remind.offered && (
            <button type="button" className="button-small" disabled={remind.pending || remind.waitUntil !== null} onClick={remind.remind}>
              {remind.pending ? 'Sending…' : 'Remind'}
              <span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      )}
      <p
        className={remind.outcome?.isError ? 'form-error person-said' : 'hint person-said'}
        role={remind.outcome?.isError ? 'alert' : 'status'}
      >
        {said}
      </p>
      {sendable && linkOpen && (
        <div className="link-panel" id={panelId}>
          <QrCode value={url} label={`QR code of the link for ${name}`} />
          <label htmlFor={`${panelId}-field`} className="field-label">
            Invite link<span className="visually-hidden"> for {name}</span>
          </label>
          <input
            id={`${panelId}-field`}
            ref={linkInput}
            className="invite-link"
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="hint">This link is {name}’s own: it lets them pay their share and see progress.</p>
        </div>
      )}
    </li>
  );
}
