import { type ReactNode, useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { formatClock } from '../emails/email-status';
import { useRemind } from '../emails/use-remind';
import { useT } from '../i18n/translator';
import type { PayParticipant, PaySessionView } from '../session/session-query';
import { GroupHeading, PersonLine, ProgressSummary } from '../status/SessionProgress';
import { QrCode } from './QrCode';
import { shareMessage } from './share-message';

const messages = defineMessages({
  heading: { id: 'people.heading', defaultMessage: 'Your group', description: 'Heading of the organiser’s list of people' },
  canRemindAgain: {
    id: 'people.canRemindAgain',
    defaultMessage: 'can remind again {at}',
    description: 'After “Reminded 2:10 pm · ”; at is a time',
  },
  copied: { id: 'people.linkCopied', defaultMessage: 'Link copied.', description: 'After Copy' },
  selected: {
    id: 'people.linkSelected',
    defaultMessage: 'Link selected — copy it with your device’s copy command.',
    description: 'Copying was not allowed, so the link was selected instead',
  },
  share: {
    id: 'people.share',
    defaultMessage: 'Share<hidden> {name}’s link</hidden>',
    description: 'Opens the phone’s share sheet; <hidden> is read by screen readers only',
  },
  copy: {
    id: 'people.copy',
    defaultMessage: 'Copy<hidden> {name}’s link</hidden>',
    description: 'Copies a person’s link; <hidden> is read by screen readers only',
  },
  qr: {
    id: 'people.qr',
    defaultMessage: 'QR<hidden> code and link for {name}</hidden>',
    description: 'Shows a person’s QR code and link; <hidden> is read by screen readers only',
  },
  sending: { id: 'people.sending', defaultMessage: 'Sending…', description: 'The Remind button while the reminder goes' },
  remind: {
    id: 'people.remind',
    defaultMessage: 'Remind<hidden> {name}</hidden>',
    description: 'Emails a person a reminder; <hidden> is read by screen readers only',
  },
  qrLabel: { id: 'people.qrLabel', defaultMessage: 'QR code of the link for {name}', description: 'Text alternative of the QR code' },
  inviteLink: {
    id: 'people.inviteLink',
    defaultMessage: 'Invite link<hidden> for {name}</hidden>',
    description: 'Label of a person’s link field; <hidden> is read by screen readers only',
  },
  linkHint: {
    id: 'people.linkHint',
    defaultMessage: 'This link is {name}’s own: it lets them pay their share and see progress.',
    description: 'Under a person’s link',
  },
});

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

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
  const t = useT();
  return (
    <section className="people" aria-labelledby="people-heading">
      <GroupHeading id="people-heading" session={session}>
        {t(messages.heading)}
      </GroupHeading>
      <ProgressSummary session={session} now={now} />
      <ul className="people-list" aria-label={t(messages.heading)}>
        {session.participants.map((p) => (
          <PersonRow key={p.id} session={session} participant={p} now={now} />
        ))}
      </ul>
    </section>
  );
}

type LinkOutcome = 'copied' | 'selected' | null;

function PersonRow({ session, participant, now }: { session: PaySessionView; participant: PayParticipant; now: number }) {
  const t = useT();
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
      await navigator.share({ ...shareMessage(t, session, participant), url: url ?? undefined });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  };

  const detail = [remind.statusLine, remind.waitUntil ? t(messages.canRemindAgain, { at: formatClock(t, remind.waitUntil, now) }) : null]
    .filter(Boolean)
    .join(' · ');
  const said =
    remind.outcome?.text ?? (linkOutcome === 'copied' ? t(messages.copied) : linkOutcome === 'selected' ? t(messages.selected) : '');

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
              {t.rich(messages.share, { name, hidden })}
            </button>
          )}
          {sendable && (
            <button type="button" className="button-small" onClick={() => void copyLink()}>
              {t.rich(messages.copy, { name, hidden })}
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
              {t.rich(messages.qr, { name, hidden })}
            </button>
          )}
          {remind.offered && (
            <button type="button" className="button-small" disabled={remind.pending || remind.waitUntil !== null} onClick={remind.remind}>
              {remind.pending ? t(messages.sending) : t.rich(messages.remind, { name, hidden })}
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
          <QrCode value={url} label={t(messages.qrLabel, { name })} />
          <label htmlFor={`${panelId}-field`} className="field-label">
            {t.rich(messages.inviteLink, { name, hidden })}
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
          <p className="hint">{t(messages.linkHint, { name })}</p>
        </div>
      )}
    </li>
  );
}
