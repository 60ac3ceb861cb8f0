/**
 * Why PaySplit asks the merchant to cancel a payment's checkout (the partner.payment.cancel call):
 * a newer attempt of the payer replaced it (`replaced`), the host changed or removed the share it
 * paid for (`share_changed`), another payment paid that share (`share_paid`), or the session ended
 * before it was paid (`session_expired`, `session_cancelled`). Whatever the reason, the merchant
 * takes no money for the payment. With `captureMethod: manual` a cancel also releases a hold: of a
 * payment held for a share another payment already paid (`duplicate`), whose capture was declined
 * (`capture_failed`: any remainder), whose hold is about to lapse before everyone has paid
 * (`hold_lapsed`: PaySplit stops counting it and reopens its share), or of a session that ended
 * before every share was held. An open group's: a claim whose reservation ran out before it was
 * paid (`reservation_lapsed`), a payer who left the group (`payer_left`), and a payment that
 * arrived for a claim whose places went to others (`cannot_count`).
 */
export const CANCEL_REASONS = [
  'replaced',
  'share_changed',
  'share_paid',
  'duplicate',
  'session_expired',
  'session_cancelled',
  'capture_failed',
  'hold_lapsed',
  'reservation_lapsed',
  'payer_left',
  'cannot_count',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
