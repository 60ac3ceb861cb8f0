import { Field, Int, ObjectType } from 'type-graphql';
import type { PartnerCallAttemptColumns } from './partner-call.entity.js';

@ObjectType({
  description: 'One attempt of a signed call to the merchant about a payment: refund, cancel or capture (administration area).',
})
export class PartnerCallAttemptView {
  @Field(() => Int) attempt!: number;
  @Field(() => Date) startedAt!: Date;
  @Field(() => Int) durationMs!: number;
  @Field(() => Int, { nullable: true }) httpStatus!: number | null;
  @Field(() => String, { description: 'succeeded, pending or failed (the answer), or error (no usable answer).' }) outcome!: string;
  @Field(() => String, { nullable: true, description: 'The start of the reply, or what went wrong.' }) excerpt!: string | null;
}

export function toAttemptViews(attempts: readonly PartnerCallAttemptColumns[]): PartnerCallAttemptView[] {
  return attempts.map((attempt) =>
    Object.assign(new PartnerCallAttemptView(), {
      attempt: attempt.attempt,
      startedAt: attempt.startedAt,
      durationMs: attempt.durationMs,
      httpStatus: attempt.httpStatus ?? null,
      outcome: attempt.outcome,
      excerpt: attempt.excerpt ?? null,
    }),
  );
}
