import { useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { QrCode } from '../invites/QrCode';
import { useT } from '../i18n/translator';

const messages = defineMessages({
  heading: { id: 'joinLink.heading', defaultMessage: 'Share the join link', description: 'Heading of the organiser’s join link' },
  label: { id: 'joinLink.label', defaultMessage: 'Join link', description: 'Label of the field holding the link' },
  hint: {
    id: 'joinLink.hint',
    defaultMessage: 'Anyone with this link can see the group and take places.',
    description: 'Under the join link',
  },
  share: { id: 'joinLink.share', defaultMessage: 'Share', description: 'Opens the phone’s share sheet with the join link' },
  copy: { id: 'joinLink.copy', defaultMessage: 'Copy link', description: 'Copies the join link' },
  qr: { id: 'joinLink.qr', defaultMessage: 'QR code', description: 'Shows or hides the join link’s QR code' },
  qrLabel: { id: 'joinLink.qrLabel', defaultMessage: 'QR code of the join link', description: 'Text alternative of the QR code' },
  copied: { id: 'joinLink.copied', defaultMessage: 'Link copied.', description: 'After Copy link' },
  selected: {
    id: 'joinLink.selected',
    defaultMessage: 'Link selected — copy it with your device’s copy command.',
    description: 'Copying was not allowed, so the link was selected instead',
  },
  shareText: {
    id: 'joinLink.shareText',
    defaultMessage: '{named, select, yes {Join {description} at {merchant}} other {Join the group at {merchant}}}',
    description: 'The message the share sheet sends with the link; named is yes when there is a description',
  },
});

/** The organiser's one link for everyone: shown whole, with the phone's share sheet, Copy and a QR code. */
export function JoinLinkPanel({ url, merchantName, description }: { url: string; merchantName: string; description: string | null }) {
  const t = useT();
  const [qrOpen, setQrOpen] = useState(false);
  const [said, setSaid] = useState<'copied' | 'selected' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setSaid('copied');
    } catch {
      // Insecure context or permission refused: select it so the organiser can copy by hand.
      field.current?.focus();
      field.current?.select();
      setSaid('selected');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        text: t(messages.shareText, { named: description ? 'yes' : 'no', description: description ?? '', merchant: merchantName }),
        url,
      });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  };

  return (
    <section className="join-link" aria-labelledby="join-link-heading">
      <h2 id="join-link-heading">{t(messages.heading)}</h2>
      <label htmlFor="join-link-field" className="field-label">
        {t(messages.label)}
      </label>
      <input
        id="join-link-field"
        ref={field}
        className="invite-link"
        type="text"
        readOnly
        value={url}
        aria-describedby="join-link-hint"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id="join-link-hint" className="hint">
        {t(messages.hint)}
      </p>
      <div className="person-actions">
        {canShare && (
          <button type="button" className="button-small" onClick={() => void share()}>
            {t(messages.share)}
          </button>
        )}
        <button type="button" className="button-small" onClick={() => void copy()}>
          {t(messages.copy)}
        </button>
        <button type="button" className="button-small" aria-expanded={qrOpen} onClick={() => setQrOpen((open) => !open)}>
          {t(messages.qr)}
        </button>
      </div>
      <p className="hint person-said" role="status">
        {said === 'copied' ? t(messages.copied) : said === 'selected' ? t(messages.selected) : ''}
      </p>
      {qrOpen && (
        <div className="link-panel">
          <QrCode value={url} label={t(messages.qrLabel)} />
        </div>
      )}
    </section>
  );
}
