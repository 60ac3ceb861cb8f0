import { Ctx, FieldResolver, registerEnumType, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../../graphql/context.js';
import { enumFromValues } from '../../../graphql/enums.js';
import { PayParticipantView } from '../session.types.js';
import { duplicateHoldReleased, holdStateOf, type HoldState } from './hold-state.js';

export const HoldStateEnum = enumFromValues(['held', 'charged', 'capture_failed', 'released'] as const satisfies readonly HoldState[]);
registerEnumType(HoldStateEnum, {
  name: 'HoldState',
  description: 'Manual capture: what happened to a payer’s money (held on the card, charged, capture declined, hold released).',
});

/**
 * What the pay app tells each payer of their money under manual capture: a payer their own, the
 * host everyone's, nobody anything of an automatic session (null, and no query for it).
 */
@Resolver(() => PayParticipantView)
export class PayParticipantHoldResolver {
  @FieldResolver(() => HoldStateEnum, {
    nullable: true,
    description: "Manual capture only: this share's money held, charged, declined at capture or released; shown like refundedMinor.",
  })
  async holdState(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<HoldState | null> {
    if (!participant.refundsVisible || participant.captureMethod !== 'manual') return null;
    const payments = await context.loaders.paymentsOfSession.load(participant.sessionId);
    return holdStateOf({ id: participant.id, status: participant.status, sessionStatus: participant.sessionStatus }, payments);
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description: 'Manual capture only: a hold this payer placed for a share already paid was released; shown like refundedMinor.',
  })
  async duplicateHoldReleased(@Root() participant: PayParticipantView, @Ctx() context: RequestContext): Promise<boolean | null> {
    if (!participant.refundsVisible || participant.captureMethod !== 'manual') return null;
    return duplicateHoldReleased(participant.id, await context.loaders.paymentsOfSession.load(participant.sessionId));
  }
}
