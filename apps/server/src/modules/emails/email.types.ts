import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "The emails of one participant, as the host's roster shows them (host only; null when no email)." })
export class ParticipantEmailStatus {
  @Field(() => Date, { nullable: true, description: 'When the invitation went out (or was queued).' }) invitedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The latest reminder, scheduled or by the host.' }) lastRemindedAt!: Date | null;
  @Field(() => Date, {
    nullable: true,
    description:
      'When the host may press Remind again (once an hour per person); null when a reminder cannot be sent (paid, unsubscribed).',
  })
  nextRemindAllowedAt!: Date | null;
  @Field(() => Boolean, { description: "The payer unsubscribed from this session's reminders." }) unsubscribed!: boolean;
}

@ObjectType({ description: 'One SMTP try of an email.' })
export class AdminEmailAttempt {
  @Field(() => Int) attempt!: number;
  @Field(() => Date) startedAt!: Date;
  @Field(() => Int) durationMs!: number;
  @Field(() => String, { description: 'sent, retry or failed' }) outcome!: string;
  @Field(() => String, { nullable: true, description: "The SMTP server's reply (never an address)." }) excerpt!: string | null;
}

@ObjectType({ description: 'An email of a session, as the administration area shows it.' })
export class AdminEmailMessage {
  @Field(() => ID) id!: string;
  @Field(() => String, {
    description:
      'invitation, reminder, receipt, completion, share-covered, refund, cancellation, expiry, host-welcome, host-sign-in, capture-declined or capture-declined-host',
  })
  kind!: string;
  @Field(() => String, { description: 'queued, sending, sent, failed or cancelled' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Masked (a•••@example.com); null once erased.' }) recipient!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) sentAt!: Date | null;
  @Field(() => [AdminEmailAttempt]) attempts!: AdminEmailAttempt[];
}
