import type { ReturnNotice } from '../session/access-link';

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
export function returnNoticeText(notice: ReturnNotice, ownShareOpen: boolean): string {
  if (notice === 'payment-received') return 'Payment received — thanks!';
  return ownShareOpen ? 'You left the checkout; your share is still open' : 'You left the checkout; the shares left are still open';
}

export function ReturnBanner({ notice, ownShareOpen, onDismiss }: Props) {
  if (notice === null) return null;
  return (
    <div className={`notice notice-return ${notice === 'payment-received' ? 'notice-success' : 'notice-info'}`} role="status">
      <p>{returnNoticeText(notice, ownShareOpen)}</p>
      <button type="button" className="button-quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
