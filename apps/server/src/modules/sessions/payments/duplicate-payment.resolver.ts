import { Ctx, FieldResolver, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../../db/dashboard-database.js';
import type { RequestContext } from '../../../graphql/context.js';
import { SessionView } from '../session.types.js';
import { toDuplicatePaymentViews } from './duplicate-payment.mapper.js';
import { DuplicatePaymentView } from './duplicate-payment.types.js';

/** A session's duplicate payments, listed apart for the merchants that read them so (docs/wire-contracts.md §4). */
@Resolver(() => SessionView)
export class SessionDuplicatePaymentsResolver {
  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [DuplicatePaymentView], {
    nullable: true,
    description:
      'Payments authorized for shares another payment had already paid, oldest first, and where their money is. For the ' +
      'merchant of an integration with a partnerCancelUrl (refunds and refundedMinor then leave them out); null otherwise.',
  })
  async duplicatePayments(@Root() session: SessionView, @Ctx() context: RequestContext): Promise<DuplicatePaymentView[] | null> {
    if (!session.listsDuplicatesApart) return null;
    const payments = await context.loaders.paymentsOfSession.load(session.id);
    // Their refunds and cancels are read only when there is a duplicate to describe.
    if (!payments.some((payment) => payment.duplicateOf)) return [];
    const [refunds, calls] = await Promise.all([
      context.loaders.refundsOfSession.load(session.id),
      context.loaders.paymentCallsOfSession.load(session.id),
    ]);
    return toDuplicatePaymentViews(payments, refunds, calls);
  }
}
