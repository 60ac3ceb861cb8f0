import { SESSION_STATUSES, SPLIT_MODES } from '@paysplit/domain';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DecimalAmountScalar, MinorUnitsScalar } from '../../graphql/scalars.js';

/** GraphQL enum values in caps, domain values lowercase (decisions §2). */
function enumFromValues<T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value]));
}

export const SessionStatusEnum = enumFromValues(SESSION_STATUSES);
registerEnumType(SessionStatusEnum, { name: 'SessionStatus', description: 'Where a session is in its lifecycle.' });

export const SplitModeEnum = enumFromValues(SPLIT_MODES);
registerEnumType(SplitModeEnum, { name: 'SplitMode', description: 'How the total is divided among participants.' });

export const ModeEnum = enumFromValues(['test', 'live'] as const);
registerEnumType(ModeEnum, { name: 'Mode', description: 'test or live, taken from the API key that created the session.' });

export const ParticipantStatusEnum = enumFromValues(['pending', 'paid'] as const);
registerEnumType(ParticipantStatusEnum, { name: 'ParticipantStatus' });

@ObjectType({ description: 'One payer of a session; the host is the first.' })
export class ParticipantView {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Display order, 0 for the host.' }) position!: number;
  @Field(() => String) displayName!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => Boolean) isHost!: boolean;
  @Field(() => MinorUnitsScalar, { description: "This participant's share." }) amountMinor!: bigint;
  @Field(() => ParticipantStatusEnum) status!: string;
}

@ObjectType({ description: 'A split-payment session.' })
export class SessionView {
  @Field(() => ID) id!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => ModeEnum) mode!: string;
  @Field(() => String, { description: 'ISO 4217 code.' }) currency!: string;
  @Field(() => MinorUnitsScalar) amountMinor!: bigint;
  @Field(() => MinorUnitsScalar) paidMinor!: bigint;
  @Field(() => MinorUnitsScalar) remainingMinor!: bigint;
  @Field(() => SplitModeEnum, { nullable: true }) splitMode!: string | null;
  @Field(() => [ParticipantView]) participants!: ParticipantView[];
  @Field(() => String, { nullable: true, description: 'The merchantOrderRef sent at creation.' }) orderReference!: string | null;
  @Field(() => GraphQLJSONObject) metadata!: Record<string, unknown>;
  @Field(() => Int, { description: 'Increments on every change of the session.' }) version!: number;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date) expiresAt!: Date;
}

@InputType({ description: 'A participant named at creation (with unconfigured: false).' })
export class ParticipantInput {
  @Field(() => String) displayName!: string;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => MinorUnitsScalar, { nullable: true, description: 'Share in minor units (splitMode exact).' }) amountMinor?:
    string | number | null;
  @Field(() => Int, { nullable: true, description: 'Share in basis points, all summing to 10000 (splitMode percent).' }) basisPoints?:
    number | null;
  @Field(() => Int, { nullable: true, description: 'Integer weight (splitMode shares).' }) shares?: number | null;
}

@InputType({ description: 'A new session. Send amount (major units) or amountMinor (or both, equal).' })
export class CreateSessionInput {
  @Field(() => ID) integrationId!: string;
  @Field(() => DecimalAmountScalar, { nullable: true }) amount?: number | string | null;
  @Field(() => MinorUnitsScalar, { nullable: true }) amountMinor?: string | number | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217 code; default NZD.' }) currency?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true: the host sets participants and split on first visit.' })
  unconfigured?: boolean | null;
  @Field(() => String, { nullable: true }) successUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'Alias of successUrl.' }) successReturnUrl?: string | null;
  @Field(() => String, { nullable: true }) cancelUrl?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) merchantOrderRef?: string | null;
  @Field(() => [ParticipantInput], { nullable: true }) participants?: ParticipantInput[] | null;
  @Field(() => SplitModeEnum, { nullable: true }) splitMode?: (typeof SPLIT_MODES)[number] | null;
  @Field(() => Int, { nullable: true, description: 'Seconds until the session expires (1800 to 2592000; default 259200).' })
  expiresInSeconds?: number | null;
}

@ObjectType({ description: 'The reply to createSession. hostToken is shown once: store it server-side.' })
export class CreateSessionPayload {
  @Field(() => Boolean) success!: boolean;
  @Field(() => ID) sessionId!: string;
  @Field(() => String) hostToken!: string;
  @Field(() => [ID]) participantIds!: string[];
  @Field(() => ModeEnum) mode!: string;
  @Field(() => String) message!: string;
  @Field(() => String, { description: 'Where to send the host: {PUBLIC_BASE_URL}/pay/{sessionId}?host=1&hostToken=…' }) sessionUrl!: string;
  @Field(() => SessionStatusEnum) status!: string;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => MinorUnitsScalar) amountMinor!: string;
  @Field(() => String) currency!: string;
}
