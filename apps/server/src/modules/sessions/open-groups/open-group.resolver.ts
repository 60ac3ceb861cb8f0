import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../../graphql/context.js';
import { UnknownIdAnswers } from '../../../graphql/id-arguments.js';
import { accessCookieName } from '../../../http/cookies.js';
import { toPaySessionView, toPaySessionViewOfRecord } from '../pay-session.mapper.js';
import { PaySessionView } from '../pay-session.types.js';
import { JoinOpenGroupInput, JoinOpenGroupPayload, OpenGroupInvitation } from './open-group.types.js';

/** An open group's public side: its join page and joining (by the link's code). */
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

  @Mutation(() => JoinOpenGroupPayload, {
    description:
      'Claims places in an open group and starts paying for them: the places are kept until reservedUntil, and the browser ' +
      "goes to redirectUrl (the merchant's checkout). Sets the payer's own session cookie. GROUP_FULL when fewer places are " +
      'left (nothing is written or charged); SESSION_NOT_PAYABLE once the group ended; PARTNER_CALL_FAILED gives the places back.',
  })
  async joinOpenGroup(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('code', () => String, { description: "The join link's code." }) code: string,
    @Arg('input', () => JoinOpenGroupInput) input: JoinOpenGroupInput,
    @Ctx() context: RequestContext,
  ): Promise<JoinOpenGroupPayload> {
    const { services } = context;
    const joined = await services.openGroupJoins.join(context.em, sessionId, code, input);
    context.cookies.set(accessCookieName(sessionId), joined.token, services.access.accessUntil(joined.expiresAt));
    context.logger.info({ sessionId, participantId: joined.participantId, places: input.places }, 'open group joined');
    // The new payer's view as their page reads it: one statement of plain rows, with the token just made.
    const { viewer, session } = await services.sessionReads.findForPayToken(context.statements, sessionId, joined.token);
    return Object.assign(new JoinOpenGroupPayload(), {
      participantId: joined.participantId,
      redirectUrl: joined.redirectUrl,
      reservedUntil: joined.reservedUntil,
      amountMinor: joined.amountMinor,
      pricePerPlaceMinor: joined.pricePerPlaceMinor,
      view: toPaySessionViewOfRecord(session, viewer, services.sessionLinks),
    });
  }

  @Mutation(() => PaySessionView, {
    description:
      "An open group's payer leaves it (their cookie), before it tips only: their places are free at once, a pending checkout " +
      'is cancelled, a hold released and a charge refunded in full. After it tipped: GROUP_TIPPED (their place is confirmed).',
  })
  async leaveOpenGroup(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    const viewer = await context.requireViewer(sessionId);
    const session = await context.services.openGroupLeaves.leave(context.em, viewer);
    context.logger.info({ sessionId, participantId: viewer.participantId }, 'open group left');
    return toPaySessionView(session, viewer, context.services.sessionLinks);
  }
}
