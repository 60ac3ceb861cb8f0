import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { OpenGroupInvitation } from './open-group.types.js';

/** An open group's public side: its join page (by the link's code). */
@Resolver()
export class OpenGroupResolver {
  @Query(() => OpenGroupInvitation, {
    description: "An open group's join page: what it is, its price and places. Unknown session or wrong code: SESSION_NOT_FOUND.",
  })
  async openGroupInvitation(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('code', () => String, { description: "The join link's code." }) code: string,
    @Ctx() context: RequestContext,
  ): Promise<OpenGroupInvitation> {
    return context.services.openGroupReads.invitation(context.em, sessionId, code);
  }
}
