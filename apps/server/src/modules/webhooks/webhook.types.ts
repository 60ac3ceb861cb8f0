import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One HTTP attempt to deliver an event.' })
export class WebhookAttemptView {
  @Field(() => Int) attemptNumber!: number;
  @Field(() => Date) startedAt!: Date;
  @Field(() => Int) durationMs!: number;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => String, { nullable: true, description: 'The first 1 KiB of the reply.' }) responseExcerpt!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType({ description: 'Delivery of one event to one URL.' })
export class WebhookDeliveryView {
  @Field(() => ID) id!: string;
  @Field(() => String) url!: string;
  @Field(() => String, { description: 'pending, delivering, retrying, succeeded or failed' }) status!: string;
  @Field(() => Int) attemptCount!: number;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => [WebhookAttemptView]) attempts!: WebhookAttemptView[];
}

@ObjectType({ description: 'An event sent to the merchant.' })
export class WebhookEventView {
  @Field(() => ID) eventId!: string;
  @Field(() => String) type!: string;
  @Field(() => Int) sessionVersion!: number;
  @Field(() => Date) createdAt!: Date;
  @Field(() => GraphQLJSONObject, { description: 'The body exactly as signed and sent.' }) payload!: Record<string, unknown>;
  @Field(() => [WebhookDeliveryView]) deliveries!: WebhookDeliveryView[];
}
