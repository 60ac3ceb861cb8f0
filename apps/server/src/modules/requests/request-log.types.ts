import { ErrorCode } from '@paysplit/domain';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ModeEnum } from '../../graphql/enums.js';
import { MATCHES_NOTHING, UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { PageInfo } from '../admin/index.js';

@ObjectType('MerchantRequest', {
  description: 'One merchant API request as the request log keeps it: bodies redacted (docs/security.md), never a key.',
})
export class MerchantRequestView {
  @Field(() => ID) id!: string;
  @Field(() => Date, { description: 'When it arrived.' }) at!: Date;
  @Field(() => ID, { nullable: true, description: 'Null for a key PaySplit never issued (or none sent).' }) integrationId!: string | null;
  @Field(() => ID, { nullable: true }) apiKeyId!: string | null;
  @Field(() => ModeEnum, { nullable: true, description: "The key's mode." }) mode!: string | null;
  @Field(() => String) method!: string;
  @Field(() => String, { description: 'Without the query string.' }) path!: string;
  @Field(() => Int) status!: number;
  @Field(() => String, { nullable: true }) errorCode!: string | null;
  @Field(() => String, { description: 'X-Request-Id of the answer (requestId of an error body).' }) requestId!: string;
  @Field(() => String, { nullable: true }) idempotencyKey!: string | null;
  @Field(() => Float, { description: 'From arrival until the answer was written.' }) durationMs!: number;
  @Field(() => ID, { nullable: true, description: 'The session the request named or made.' }) sessionId!: string | null;
  @Field(() => String, { nullable: true, description: `Redacted JSON, at most 4096 characters (then cut and marked).` })
  requestBody!: string | null;
  @Field(() => String, { nullable: true, description: 'The answer, redacted and bounded the same way.' }) responseBody!: string | null;
}

@InputType({ description: 'Request log filters, combined with AND; name an integration, a request id or a session.' })
export class MerchantRequestFilter {
  @Field(() => ID, { nullable: true }) @UnknownIdAnswers(ErrorCode.NotFound) integrationId?: string | null;
  @Field(() => String, { nullable: true, description: 'Exact X-Request-Id.' }) requestId?: string | null;
  @Field(() => ID, { nullable: true }) @UnknownIdAnswers(MATCHES_NOTHING) sessionId?: string | null;
  @Field(() => Int, { nullable: true, description: 'Exact HTTP status.' }) status?: number | null;
  @Field(() => Int, { nullable: true, description: '2 for 2xx, 4 for 4xx, 5 for 5xx.' }) statusClass?: number | null;
  @Field(() => String, { nullable: true, description: 'Paths starting with this.' }) path?: string | null;
  @Field(() => Date, { nullable: true, description: 'Arrived at or after.' }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Arrived before.' }) to?: Date | null;
}

@ObjectType()
export class MerchantRequestEdge {
  @Field(() => String) cursor!: string;
  @Field(() => MerchantRequestView) node!: MerchantRequestView;
}

@ObjectType({ description: 'A page of merchant API requests, newest first.' })
export class MerchantRequestConnection {
  @Field(() => [MerchantRequestEdge]) edges!: MerchantRequestEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}
