import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MATCHES_NOTHING, UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { MinorUnitsScalar } from '../../graphql/scalars.js';
import { SessionStatusEnum, SessionView } from '../sessions/index.js';
import { WebhookDeliveryView } from '../webhooks/index.js';
import { ModeEnum } from '../../graphql/enums.js';

@InputType({ description: 'Sessions explorer filters; all optional and combined with AND.' })
export class SessionFilter {
  @Field(() => ID, { nullable: true }) @UnknownIdAnswers(MATCHES_NOTHING) integrationId?: string | null;
  @Field(() => [SessionStatusEnum], { nullable: true }) status?: string[] | null;
  @Field(() => ModeEnum, { nullable: true }) mode?: string | null;
  @Field(() => Date, { nullable: true, description: 'Created at or after.' }) createdFrom?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Created before.' }) createdTo?: Date | null;
  @Field(() => String, { nullable: true, description: 'Exact merchantOrderRef.' }) orderReference?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217 code; with an amount range, compare amounts in one currency.' })
  currency?: string | null;
  @Field(() => MinorUnitsScalar, { nullable: true }) amountMinorMin?: string | null;
  @Field(() => MinorUnitsScalar, { nullable: true }) amountMinorMax?: string | null;
}

@ObjectType()
export class PageInfo {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

@ObjectType()
export class SessionEdge {
  @Field(() => String) cursor!: string;
  @Field(() => SessionView) node!: SessionView;
}

@ObjectType({ description: 'A page of sessions, newest first.' })
export class SessionConnection {
  @Field(() => [SessionEdge]) edges!: SessionEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@InputType()
export class DeliveryFilter {
  @Field(() => ID, { nullable: true }) @UnknownIdAnswers(MATCHES_NOTHING) integrationId?: string | null;
  @Field(() => String, { nullable: true, description: 'pending, delivering, retrying, succeeded or failed' }) status?: string | null;
  @Field(() => Date, { nullable: true }) from?: Date | null;
  @Field(() => Date, { nullable: true }) to?: Date | null;
}

@ObjectType({ description: 'A delivery with what it delivers, for the deliveries list.' })
export class WebhookDeliveryRow {
  @Field(() => WebhookDeliveryView) delivery!: WebhookDeliveryView;
  @Field(() => ID) eventId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => ID, { nullable: true, description: 'Null for test events.' }) sessionId!: string | null;
  @Field(() => ID) integrationId!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class WebhookDeliveryEdge {
  @Field(() => String) cursor!: string;
  @Field(() => WebhookDeliveryRow) node!: WebhookDeliveryRow;
}

@ObjectType({ description: 'A page of deliveries, newest first.' })
export class WebhookDeliveryConnection {
  @Field(() => [WebhookDeliveryEdge]) edges!: WebhookDeliveryEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@InputType({ description: 'A half-open time range [from, to).' })
export class DateRangeInput {
  @Field(() => Date) from!: Date;
  @Field(() => Date) to!: Date;
}

@ObjectType()
export class StatusCount {
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
export class CurrencyAmount {
  @Field(() => String) currency!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
}

@ObjectType({ description: 'Figures over the sessions created in a range.' })
export class SessionStats {
  @Field(() => Int) sessionCount!: number;
  @Field(() => [StatusCount]) countsByStatus!: StatusCount[];
  @Field(() => [CurrencyAmount], { description: 'Money collected by completed sessions, per currency.' }) collected!: CurrencyAmount[];
  @Field(() => [CurrencyAmount], {
    description: 'Money refunded (succeeded refunds) of these sessions, whatever their status, per currency.',
  })
  refunded!: CurrencyAmount[];
  @Field(() => Float, { nullable: true, description: 'Median seconds from creation to completion; null when none completed.' })
  medianSecondsToComplete!: number | null;
  @Field(() => Float, { nullable: true, description: 'Delivered / (delivered + failed), 0..1; null when none finished.' })
  deliverySuccessRate!: number | null;
}

@ObjectType({ description: 'One audit-log entry: who did what, when (never a secret).' })
export class AuditEntryView {
  @Field(() => ID) id!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String) actor!: string;
  @Field(() => String) action!: string;
  @Field(() => ID, { nullable: true }) integrationId!: string | null;
  @Field(() => String) summary!: string;
}

@ObjectType()
export class AuditEntryEdge {
  @Field(() => String) cursor!: string;
  @Field(() => AuditEntryView) node!: AuditEntryView;
}

@ObjectType()
export class AuditEntryConnection {
  @Field(() => [AuditEntryEdge]) edges!: AuditEntryEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@ObjectType()
export class ReplayResult {
  @Field(() => Int, { description: 'Failed deliveries queued again.' }) requeued!: number;
}
