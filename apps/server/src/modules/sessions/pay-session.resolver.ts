import { AppError, ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import { StartPaymentPayload } from './payments/payment.types.js';
import { toPaySessionView, toPaySessionViewOfRecord } from './session.mapper.js';
import { ConfigureSessionInput, PaySessionView } from './session.types.js';
import { accessCookieName } from '../../http/cookies.js';

/** The pay app's operations: hosts and participants, authenticated by their session cookie. */
@Resolver()
export class PaySessionResolver {
  @Mutation(() => PaySessionView, {
    description:
      'Exchanges a hostToken or invite token for an HttpOnly cookie scoped to this session, and returns what the viewer may see.',
  })
  async openSession(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('token', () => String) token: string,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    const viewer = await context.requireViewer(sessionId, token);
    const session = await context.services.sessionReads.findForViewer(context.em, viewer);
    // Kept as long as the session's data is, not only until its deadline: after it ends its people
    // still read what happened to their money (decisions, "Access lasts as long as the data").
    context.cookies.set(accessCookieName(sessionId), token, context.services.access.accessUntil(session.expiresAt));
    return toPaySessionView(session, viewer, context.services.sessionLinks);
  }

  @Query(() => PaySessionView, { description: "The session as the cookie's holder (host or participant) sees it." })
  async paySession(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    // The hot path: viewer and session from one statement of plain rows (no entities, no unit of work).
    const token = context.cookies.get(accessCookieName(sessionId));
    const { viewer, session } = await context.services.sessionReads.findForPayToken(context.statements, sessionId, token);
    return toPaySessionViewOfRecord(session, viewer, context.services.sessionLinks);
  }

  @Mutation(() => PaySessionView, { description: 'Host only: sets the participants (host first) and the split.' })
  async configureSession(
    @Arg('input', () => ConfigureSessionInput) input: ConfigureSessionInput,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    const viewer = await context.requireViewer(input.sessionId);
    if (viewer.role !== 'host') throw new AppError(ErrorCode.Forbidden, 'Only the host can change the participants and the split');
    const session = await context.services.sessionConfiguration.configureSession(context.em, input);
    const refreshed = await context.requireViewer(input.sessionId);
    context.logger.info(
      { sessionId: input.sessionId, participants: input.participants.length, splitMode: input.splitMode },
      'session configured',
    );
    return toPaySessionView(session, refreshed, context.services.sessionLinks);
  }

  @Mutation(() => StartPaymentPayload, {
    description: "Starts paying the viewer's own share: PaySplit asks the merchant for a checkout and returns its address.",
  })
  async startPayment(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    // The viewer pays only their own share: any other participant is refused before it is looked up.
    @Arg('participantId', () => ID, { nullable: true }) @UnknownIdAnswers(ErrorCode.Forbidden) participantId: string | null,
    @Arg('coverRemaining', () => Boolean, {
      nullable: true,
      description: 'Host only: pay every unpaid share (the shortfall) as one payment.',
    })
    coverRemaining: boolean | null,
    @Ctx() context: RequestContext,
  ): Promise<StartPaymentPayload> {
    const viewer = await context.requireViewer(sessionId);
    const started = await context.services.paymentStart.startPayment(context.em, viewer, participantId, {
      coverRemaining: coverRemaining ?? false,
    });
    context.logger.info({ sessionId, paymentId: started.paymentId }, 'payment started');
    return Object.assign(new StartPaymentPayload(), started);
  }

  @Mutation(() => Boolean, {
    description:
      'Remembers the language (BCP 47) the viewer reads the pay page in: their emails are written in it. ' +
      'False when there is nobody to remember it for yet (a host before the split is saved).',
  })
  async rememberLocale(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Arg('locale', () => String) locale: string,
    @Ctx() context: RequestContext,
  ): Promise<boolean> {
    const viewer = await context.requireViewer(sessionId);
    return context.services.access.rememberLocale(context.em, viewer, locale);
  }

  @Mutation(() => PaySessionView, { description: 'Host only: cancels the session while nothing is paid (else INVALID_STATE).' })
  async cancelSessionAsHost(
    @Arg('sessionId', () => ID) @UnknownIdAnswers(ErrorCode.SessionNotFound) sessionId: string,
    @Ctx() context: RequestContext,
  ): Promise<PaySessionView> {
    const viewer = await context.requireViewer(sessionId);
    const session = await context.services.sessionEnding.cancelForHost(context.em, viewer);
    context.logger.info({ sessionId }, 'session cancelled by host');
    return toPaySessionView(session, viewer, context.services.sessionLinks);
  }
}
