import { AppError, ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { joinCodeMatches, OpenGroupInvitation } from '../sessions/index.js';
import type { LiveSession } from './live-session.js';
import type { LiveSnapshot } from './session-fanout.js';

/** An open group's join page kept current: places left, tipping and the price falling, as they happen. */
@Resolver()
export class OpenGroupInvitationResolver {
  @Subscription(() => OpenGroupInvitation, {
    description:
      "Pushes the join page's view: first as it is once subscribed, then on every change of the group. Same bounds as paySessionUpdated; " +
      'unknown session or wrong code: SESSION_NOT_FOUND.',
    subscribe: async ({ args, context }: SubscribeResolverData<unknown, { sessionId: string; code: string }, RequestContext>) => {
      // Checked once, when it subscribes (in a unit of work of its own: the subscription outlives it);
      // each push is checked again against the session it carries.
      await context.services.openGroupReads.findByJoinCode(context.em.fork(), args.sessionId, args.code);
      return context.services.liveViews.subscribe(args.sessionId, { address: context.clientAddress, connection: context.liveConnection });
    },
  })
  openGroupInvitationChanged(
    @Root() update: LiveSnapshot<LiveSession>,
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('code', () => String, { description: "The join link's code." }) code: string,
    @Ctx() context: RequestContext,
  ): OpenGroupInvitation {
    if (!update.ok) throw new AppError(ErrorCode.ServiceUnavailable, 'The group could not be read; reload the page');
    const session = update.session?.session;
    if (!session || !joinCodeMatches(session, code)) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    return context.services.openGroupReads.toInvitation(session);
  }
}
