import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ALL_WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@paysplit/domain';
import { CaptureMethodEnum, enumFromValues, ModeEnum } from '../../graphql/enums.js';

/** Event types keep their wire spelling in GraphQL too (they are already upper case). */
export const EventTypeEnum = Object.fromEntries(ALL_WEBHOOK_EVENT_TYPES.map((type) => [type, type])) as { [T in WebhookEventType]: T };
registerEnumType(EventTypeEnum, {
  name: 'EventType',
  description:
    'Webhook event kinds; completion is always sent (decisions §6). SERVICE_PAYMENT_CAPTURED, SERVICE_PAYMENT_CAPTURE_FAILED and SERVICE_PAYMENT_RELEASED: captureMethod MANUAL only. SERVICE_GROUP_JOINED, SERVICE_GROUP_TIPPED and SERVICE_GROUP_FULL: sent for open groups only.',
});

export const PayoutOnboardingStatusEnum = enumFromValues(['pending', 'complete'] as const);
registerEnumType(PayoutOnboardingStatusEnum, { name: 'PayoutOnboardingStatus', description: 'Live keys and live sessions need COMPLETE.' });

export const SigningSecretKindEnum = enumFromValues(['webhook', 'partner'] as const);
registerEnumType(SigningSecretKindEnum, {
  name: 'SigningSecretKind',
  description: 'WEBHOOK signs events sent to the webhook URL; PARTNER signs create-payment calls.',
});

@ObjectType()
export class PayoutOnboardingView {
  @Field(() => PayoutOnboardingStatusEnum) status!: string;
  @Field(() => String, { nullable: true }) legalName!: string | null;
  @Field(() => String, { nullable: true, description: 'Only the last 4 characters are ever shown.' }) bankAccountMasked!: string | null;
  @Field(() => String, { nullable: true }) contactEmail!: string | null;
  @Field(() => Date, { nullable: true }) completedAt!: Date | null;
}

@ObjectType({ description: 'An API key as the administration area lists it: never the key itself.' })
export class ApiKeyView {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => ModeEnum) mode!: string;
  @Field(() => String) last4!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@ObjectType()
export class SigningSecretView {
  @Field(() => SigningSecretKindEnum) kind!: string;
  @Field(() => Date, { nullable: true }) rotatedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Until then the previous secret signs too (both signatures sent).' })
  previousValidUntil!: Date | null;
}

@ObjectType({ description: 'A merchant integration as the administration area shows it.' })
export class IntegrationView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true, description: 'Shown to payers on the pay pages; they see name when unset.' })
  displayName!: string | null;
  @Field(() => String, { nullable: true, description: 'An https image shown to payers beside the display name.' }) logoUrl!: string | null;
  @Field(() => String, { nullable: true, description: '#RRGGBB behind white text on the pay pages (WCAG AA contrast).' })
  accentColor!: string | null;
  @Field(() => String, { nullable: true }) partnerCreatePaymentUrl!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Where PaySplit asks for refunds (partner.refund.create); null: refunds are owed by hand.',
  })
  partnerRefundUrl!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Where PaySplit says a checkout will not be used (partner.payment.cancel); null: nothing is called.',
  })
  partnerCancelUrl!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Where PaySplit asks for the capture of a hold (partner.payment.capture); captureMethod MANUAL needs it.',
  })
  partnerCaptureUrl!: string | null;
  @Field(() => CaptureMethodEnum, { description: 'New sessions copy it: a change never moves a live session.' }) captureMethod!: string;
  @Field(() => Int, { description: "How long a hold lasts at the merchant's processor, in seconds (MANUAL); default 604800 (7 days)." })
  holdLifetimeSeconds!: number;
  @Field(() => String, { nullable: true }) webhookUrl!: string | null;
  @Field(() => [String]) redirectAllowlist!: string[];
  @Field(() => [EventTypeEnum]) eventSubscriptions!: string[];
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => [Int], { description: "Minutes before a session's deadline at which unpaid payers with an email are reminded." })
  reminderOffsetsMinutes!: number[];
  @Field(() => String, {
    description: 'The IANA time zone (such as Pacific/Auckland) in which emails give times, with the zone named. Default UTC.',
  })
  timeZone!: string;
  @Field(() => String, { nullable: true }) ownerEmail!: string | null;
  @Field(() => PayoutOnboardingView) payoutOnboarding!: PayoutOnboardingView;
  @Field(() => [SigningSecretView]) signingSecrets!: SigningSecretView[];
  @Field(() => Date) createdAt!: Date;
}

@InputType({ description: 'Integration settings; on update, absent fields stay as they are and "" clears a URL.' })
export class IntegrationSettingsInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'Shown to payers (at most 80 characters); "" clears it.' }) displayName?:
    string | null;
  @Field(() => String, { nullable: true, description: 'An absolute https image address; "" clears it.' }) logoUrl?: string | null;
  @Field(() => String, {
    nullable: true,
    description: '#RRGGBB; refused (VALIDATION_ERROR) when white text on it is below 4.5:1 contrast. "" clears it.',
  })
  accentColor?: string | null;
  @Field(() => String, { nullable: true }) partnerCreatePaymentUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'https (http in test mode); "" clears it (refunds are then owed by hand).' })
  partnerRefundUrl?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'https (http in test mode); "" clears it (checkouts that will not be used are then not cancelled).',
  })
  partnerCancelUrl?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'https (http in test mode); required with captureMethod MANUAL, "" clears it otherwise.',
  })
  partnerCaptureUrl?: string | null;
  @Field(() => CaptureMethodEnum, {
    nullable: true,
    description: 'MANUAL needs partnerCancelUrl and partnerCaptureUrl (VALIDATION_ERROR naming the one missing). Default AUTOMATIC.',
  })
  captureMethod?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Seconds a hold lasts, 3600 (1 hour) to 2592000 (30 days); a MANUAL session must end an hour before. Default 604800.',
  })
  holdLifetimeSeconds?: number | null;
  @Field(() => String, { nullable: true }) webhookUrl?: string | null;
  @Field(() => [String], { nullable: true }) redirectAllowlist?: string[] | null;
  @Field(() => [EventTypeEnum], { nullable: true }) eventSubscriptions?: string[] | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => [Int], {
    nullable: true,
    description:
      'Reminder times in minutes before the deadline: 0 to 10 distinct values from 5 (minutes) to 43200 (30 days); [] sends none.',
  })
  reminderOffsetsMinutes?: number[] | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The IANA time zone emails give times in, such as Pacific/Auckland (VALIDATION_ERROR for anything else, offsets included); default UTC.',
  })
  timeZone?: string | null;
}

@ObjectType()
export class CreatedApiKey {
  @Field(() => String, { description: 'Shown once; PaySplit keeps only its hash and last 4 characters.' }) apiKey!: string;
  @Field(() => ApiKeyView) key!: ApiKeyView;
}

@ObjectType()
export class RotatedSigningSecret {
  @Field(() => String, { description: 'Shown once.' }) secret!: string;
  @Field(() => SigningSecretKindEnum) kind!: string;
  @Field(() => Date) previousValidUntil!: Date;
}

@InputType()
export class PayoutOnboardingInput {
  @Field(() => String) legalName!: string;
  @Field(() => String, { description: 'An IBAN, or a New Zealand account number such as 12-3140-0123456-00.' }) bankAccount!: string;
  @Field(() => String) contactEmail!: string;
}
