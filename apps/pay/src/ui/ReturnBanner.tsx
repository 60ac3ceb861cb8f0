import type { ReturnNotice } from '../session/access-link';

const TEXT: Readonly<Record<ReturnNotice, string>> = {
  'payment-received': 'Payment received — thanks!',
  'payment-cancelled': 'Payment cancelled — you can try again',
};

/** What happened at the checkout, shown above the live status when the payer comes back. */
export function ReturnBanner({ notice, onDismiss }: { notice: ReturnNotice | null; onDismiss: () => void }) {
  if (notice === null) return null;
  return (
    <div className={`notice ${notice === 'payment-received' ? 'notice-success' : 'notice-warning'}`} role="status">
      <p>{TEXT[notice]}</p>
      <button type="button" className="button-quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
