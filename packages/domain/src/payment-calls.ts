/**
 * Why PaySplit asks the merchant to cancel a payment's checkout (the partner.payment.cancel call):
 * a newer attempt of the payer replaced it (`replaced`), the host changed or removed the share it
 * paid for (`share_changed`), another payment paid that share (`share_paid`), or the session ended
 * before it was paid (`session_expired`, `session_cancelled`). Whatever the reason, the merchant
 * takes no money for the payment.
 */
export const CANCEL_REASONS = ['replaced', 'share_changed', 'share_paid', 'session_expired', 'session_cancelled'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
