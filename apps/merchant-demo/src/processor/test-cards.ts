/** The processor's documented test card that always declines (any other valid number succeeds). */
export const DECLINING_TEST_CARD = '4000000000000002';

export type ChargeOutcome = 'succeeded' | 'declined';

export function chargeOutcomeFor(cardDigits: string): ChargeOutcome {
  return cardDigits === DECLINING_TEST_CARD ? 'declined' : 'succeeded';
}
