import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Int, Query, Resolver, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { toConnection } from '../admin/index.js';
import type { StoredRequest } from './request-log.repository.js';
import { MerchantRequestConnection, MerchantRequestEdge, MerchantRequestFilter, MerchantRequestView } from './request-log.types.js';

function toView(row: StoredRequest): MerchantRequestView {
  const { cursorAt: _cursor, ...fields } = row;
  return Object.assign(new MerchantRequestView(), fields);
}

/** The request log in the administration area (signed-in users and operator tokens). */
@Resolver()
export class RequestLogResolver {
  @UseMiddleware(dashboardTimeouts)
  @Query(() => MerchantRequestConnection, {
    description: "Merchant API requests newest first, filtered; at most 100 a page. Another merchant's integration is NOT_FOUND.",
  })
  async merchantRequests(
    @Arg('filter', () => MerchantRequestFilter) filter: MerchantRequestFilter,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: RequestContext,
  ): Promise<MerchantRequestConnection> {
    const principal = await context.requireAdmin();
    const page = await context.services.requestLog.list(context.readEm(), principal, filter, first, after);
    return toConnection(page, toView, MerchantRequestConnection, MerchantRequestEdge);
  }

  @UseMiddleware(dashboardTimeouts)
  @Query(() => MerchantRequestView, { description: 'One request of the log, with its bodies.' })
  async merchantRequest(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) id: string,
    @Ctx() context: RequestContext,
  ): Promise<MerchantRequestView> {
    const principal = await context.requireAdmin();
    return toView(await context.services.requestLog.find(context.readEm(), principal, id));
  }
}
