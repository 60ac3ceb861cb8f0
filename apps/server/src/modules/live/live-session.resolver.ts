import { AppError, ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { PaySessionView, toPaySessionView } from '../sessions/index.js';
import { type LiveSession, primeLoaders } from './live-session.js';
import type { LiveSnapshot } from './session-fanout.js';
import { accessCookieName } from '../../http/cookies.js';

/** The pay page's live updates: the same view as the paySession query, pushed on every change. */
@Resolver()
export class LiveSessionResolver {
  @Subscription(() => PaySessionView, {
    description:
      'Pushes the whole view: first as it is once subscribed, then each time the session changes (payments recorded on any instance included).',
    subscribe: async ({ args, context }: SubscribeResolverData<unknown, { sessionId: string }, RequestContext>) => {
      // Authorise once, at subscription time; each push is then checked against the session it carries.
      // The same check as requireViewer, in a unit of work of its own: the subscription keeps its
      // context as long as the page stays open, and must not keep what the check loaded with it.
      await context.services.access.resolve(context.em.fork(), args.sessionId, context.cookies.get(accessCookieName(args.sessionId)));
      return context.services.liveViews.subscribe(args.sessionId, { address: context.clientAddress, connection: context.liveConnection });
    },
  })
  paySessionUpdated(
    @Root() update: LiveSnapshot<LiveSession>,
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Ctx() context: RequestContext,
  ): PaySessionView {
    // One read of the session and of what its view shows beside it serves every subscriber of this
    // instance; each sees only what its own cookie grants, decided on that read (a participant
    // removed since subscribing gets UNAUTHENTICATED).
    if (!update.ok) throw new AppError(ErrorCode.ServiceUnavailable, 'The session could not be read; reload the page');
    if (!update.session) throw new AppError(ErrorCode.SessionNotFound, `Session ${sessionId} not found`);
    const { session } = update.session;
    const viewer = context.services.access.resolveOnLoaded(session, context.cookies.get(accessCookieName(sessionId)));
    // The subscription keeps one context for every push: its loaders start from this push's rows.
    context.forgetLoadedRows();
    primeLoaders(context.loaders, update.session);
    return toPaySessionView(session, viewer, context.services.sessionLinks);
  }
}
