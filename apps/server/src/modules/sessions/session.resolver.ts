import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { toCreateSessionPayload, toSessionView } from './session.mapper.js';
import { CreateSessionInput, CreateSessionPayload, SessionView } from './session.types.js';

@Resolver(() => SessionView)
export class SessionResolver {
  @Mutation(() => CreateSessionPayload, { description: 'Creates a session (merchant API key, server-to-server only).' })
  async createSession(
    @Arg('input', () => CreateSessionInput) input: CreateSessionInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Same key and body within 24 h returns the first reply.' })
    idempotencyKey: string | null,
    @Ctx() context: RequestContext,
  ): Promise<CreateSessionPayload> {
    const merchant = await context.requireMerchant();
    const created = await context.services.sessions.createSession(context.em, merchant, input, idempotencyKey);
    context.logger.info({ sessionId: created.sessionId, integrationId: merchant.integrationId, mode: merchant.mode }, 'session created');
    return toCreateSessionPayload(created);
  }

  @Query(() => SessionView, { description: 'A session of the calling merchant (API key).' })
  async session(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<SessionView> {
    const merchant = await context.requireMerchant();
    return toSessionView(await context.services.sessions.findForMerchant(context.em, merchant, id));
  }
}
