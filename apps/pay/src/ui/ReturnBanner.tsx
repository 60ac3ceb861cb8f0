import { defineMessages } from 'react-intl';
import { type Translator, useT } from '../i18n/translator';
import type { ReturnNotice } from '../session/access-link';

const messages = defineMessages({
  received: {
    id: 'return.received',
    defaultMessage: 'Payment received — thanks!',
    description: 'Banner after coming back from a paid checkout',
  },
  leftOwnOpen: {
    id: 'return.leftOwnShareOpen',
    defaultMessage: 'You left the checkout; your share is still open',
    description: 'Banner after backing out of the checkout; the reader’s own share is unpaid',
  },
  leftOthersOpen: {
    id: 'return.leftOthersOpen',
    defaultMessage: 'You left the checkout; the shares left are still open',
    description: 'Banner after the host backed out of paying for others; their own share is already paid',
  },
  dismiss: { id: 'return.dismiss', defaultMessage: 'Dismiss', description: 'Button that closes the banner' },
});

interface Props {
  notice: ReturnNotice | null;
  /** The reader's own share is still unpaid (a host who came back from paying for the others may have paid theirs). */
  ownShareOpen: boolean;
  onDismiss: () => void;
}

/**
 * What happened at the checkout, shown above the live status when the payer comes back. Backing
 * out is said as the payer's own step, never as "cancelled", which on this page means the group
 * payment ended.
 */
export function returnNoticeText(t: Translator, notice: ReturnNotice, ownShareOpen: boolean): string {
  if (notice === 'payment-received') return t(messages.received);
  return t(ownShareOpen ? messages.leftOwnOpen : messages.leftOthersOpen);
}

export function ReturnBanner({ notice, ownShareOpen, onDismiss }: Props) {
  const t = useT();
  if (notice === null) return null;
  return (
    <div className={`notice notice-return ${notice === 'payment-received' ? 'notice-success' : 'notice-info'}`} role="status">
      <p>{returnNoticeText(t, notice, ownShareOpen)}</p>
      <button type="button" className="button-quiet" onClick={onDismiss}>
        {t(messages.dismiss)}
      </button>
    </div>
  );
}
