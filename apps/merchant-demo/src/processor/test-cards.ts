/*
 * The processor's documented test cards (README, the checkout page's hint). Any other valid number
 * succeeds: charged at once, or held for DEFAULT_HOLD_LIFETIME_MS on an authorize-only checkout.
 */

/** Always declined. */
export const DECLINING_TEST_CARD = '4000000000000002';
/** Authorize-only checkouts: the hold is placed, but lapses a minute later instead of after a week. */
export const SHORT_HOLD_TEST_CARD = '4000000000000101';
/** Authorize-only checkouts: the hold is placed, and every capture of it is declined by the issuer. */
export const CAPTURE_DECLINING_TEST_CARD = '4000000000000341';

/** How long a hold stands when nothing else is said: customer-initiated card holds last about 7 days. */
export const DEFAULT_HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SHORT_HOLD_LIFETIME_MS = 60 * 1000;

export type ChargeOutcome = 'succeeded' | 'declined';

/**
 * What paying a checkout that charges at once (automatic capture) does with a card. Authorizing and
 * capturing are one step there, so the card whose captures are declined is simply declined.
 */
export function chargeOutcomeFor(cardDigits: string): ChargeOutcome {
  return cardDigits === DECLINING_TEST_CARD || cardDigits === CAPTURE_DECLINING_TEST_CARD ? 'declined' : 'succeeded';
}

export type HoldOutcome = { status: 'declined' } | { status: 'authorized'; holdLifetimeMs: number; captureDeclines: boolean };

/** What paying an authorize-only checkout (manual capture) does with a card: a hold, or a decline. */
export function holdOutcomeFor(cardDigits: string): HoldOutcome {
  if (cardDigits === DECLINING_TEST_CARD) return { status: 'declined' };
  return {
    status: 'authorized',
    holdLifetimeMs: cardDigits === SHORT_HOLD_TEST_CARD ? SHORT_HOLD_LIFETIME_MS : DEFAULT_HOLD_LIFETIME_MS,
    captureDeclines: cardDigits === CAPTURE_DECLINING_TEST_CARD,
  };
}
