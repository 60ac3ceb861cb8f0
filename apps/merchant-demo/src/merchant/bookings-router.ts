import { randomBytes } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import { html } from '../html.js';
import type { Logger } from '../logger.js';
import type { PaySplitClient } from '@paysplit/sdk';
import {
  attachSession,
  findBooking,
  insertBooking,
  listBookings,
  markBookingCancelled,
  sessionUrlOf,
  withTransaction,
  type Booking,
} from '../store.js';
import { bookingStatusScript } from './booking-status-script.js';
import {
  BOOKING_STATUS_SCRIPT_PATH,
  DINNER,
  renderBookingsPage,
  renderCancelConfirmPage,
  renderConfirmationPage,
  renderErrorPage,
  renderHomePage,
} from './booking-pages.js';
import { describePaySplitFailure } from './paysplit-failure.js';
import { refundsByBooking, savePaySplitRefundStatus } from './refund-store.js';
import { tripsOf } from './trip-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function newOrderRef(): string {
  return `booking-${randomBytes(5).toString('hex')}`;
}

export function createBookingsRouter(deps: { config: MerchantConfig; pool: Pool; logger: Logger; paysplit: PaySplitClient }): Router {
  const { config, pool, paysplit } = deps;
  const log = deps.logger.child({ component: 'bookings' });
  const router = express.Router();

  /**
   * Opens the PaySplit session for a booking and sends the host there. The idempotency key is
   * per booking, so a retry (double submit, the retry button) gets the same session back.
   */
  async function startSplitPayment(booking: Booking, res: Response): Promise<void> {
    try {
      const session = await paysplit.sessions.create(
        {
          integrationId: config.paysplit.integrationId,
          amountMinor: booking.amountMinor,
          currency: booking.currency,
          merchantOrderRef: booking.orderRef,
          // What is bought: PaySplit shows it to the host and every payer beside our name.
          description: booking.title,
          successUrl: `${config.publicUrl}/bookings/${booking.id}/confirmation`,
          cancelUrl: `${config.publicUrl}/`,
        },
        { idempotencyKey: `booking-${booking.id}-create` },
      );
      await attachSession(pool, booking.id, { sessionId: session.sessionId, hostToken: session.hostToken, sessionUrl: session.sessionUrl });
      log.info({ bookingId: booking.id, sessionId: session.sessionId }, 'split payment session created');
      // sessionUrl carries the hostToken: it goes to the browser in a redirect and nowhere else.
      res.redirect(303, session.sessionUrl);
    } catch (error) {
      const failure = describePaySplitFailure(error);
      log.error({ bookingId: booking.id, code: failure.code, requestId: failure.requestId }, 'could not create the PaySplit session');
      res
        .status(failure.httpStatus)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Payment could not start',
            message: failure.message,
            code: failure.code,
            requestId: failure.requestId,
            actions: html`<form method="post" action="/bookings/${booking.id}/start">
              <button type="submit">Try again</button>
            </form>`,
          }),
        );
    }
  }

  router.get('/', (_req, res) => {
    res.type('html').send(renderHomePage());
  });

  router.post('/bookings', async (_req, res) => {
    const booking = await insertBooking(pool, { ...DINNER, orderRef: newOrderRef() });
    log.info({ bookingId: booking.id, orderRef: booking.orderRef }, 'booking created');
    await startSplitPayment(booking, res);
  });

  router.post('/bookings/:id/start', async (req, res) => {
    const booking = UUID.test(req.params.id) ? await findBooking(pool, req.params.id) : undefined;
    if (!booking) {
      res
        .status(404)
        .type('html')
        .send(renderErrorPage({ title: 'Booking not found', message: 'No such booking.' }));
      return;
    }
    // Paid, or its split ended: there is nothing to start; the confirmation page says which.
    if (booking.status !== 'awaiting_payment') {
      res.redirect(303, `/bookings/${booking.id}/confirmation`);
      return;
    }
    await startSplitPayment(booking, res);
  });

  router.get('/bookings', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const bookings = await listBookings(pool);
    res.type('html').send(
      renderBookingsPage(
        bookings,
        await refundsByBooking(
          pool,
          bookings.map((booking) => booking.id),
        ),
        await tripsOf(pool, bookings),
      ),
    );
  });

  /** The paid booking to cancel, or undefined after answering why there is none (404, 409). */
  async function cancellableBooking(id: string, res: Response): Promise<(Booking & { sessionId: string }) | undefined> {
    const booking = UUID.test(id) ? await findBooking(pool, id) : undefined;
    if (booking?.sessionId && booking.status === 'paid') return { ...booking, sessionId: booking.sessionId };
    res
      .status(booking ? 409 : 404)
      .type('html')
      .send(
        renderErrorPage(
          booking
            ? { title: 'Nothing to refund', message: 'Only a paid booking can be cancelled and refunded.' }
            : { title: 'Booking not found', message: 'No such booking.' },
        ),
      );
    return undefined;
  }

  /** "Cancel booking and refund" leads here first: what will happen, and a form that does it. */
  router.get('/bookings/:id/cancel', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const booking = await cancellableBooking(req.params.id, res);
    if (!booking) return;
    // Cancelled already (a second tab, the back button): the bookings page shows where the refunds are.
    if (booking.cancelledAt) {
      res.redirect(303, '/bookings');
      return;
    }
    const refunds = (await refundsByBooking(pool, [booking.id])).get(booking.id) ?? [];
    res.type('html').send(renderCancelConfirmPage(booking, refunds));
  });

  /**
   * Cancels a paid booking and asks PaySplit to refund everything the group paid; PaySplit spreads
   * it over the payers and calls our refund endpoint for each. Only a request that says it was
   * confirmed (the confirmation page's form) refunds; any other gets that page. The idempotency key
   * is per booking, so a double submit or a retry after a lost reply refunds once.
   */
  router.post('/bookings/:id/cancel', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const booking = await cancellableBooking(req.params.id, res);
    if (!booking) return;
    if ((req.body as Record<string, unknown> | undefined)?.['confirm'] !== 'yes') {
      if (booking.cancelledAt) {
        res.redirect(303, '/bookings');
        return;
      }
      res.set('Cache-Control', 'no-store');
      const refunds = (await refundsByBooking(pool, [booking.id])).get(booking.id) ?? [];
      res.type('html').send(renderCancelConfirmPage(booking, refunds));
      return;
    }
    try {
      const reply = await paysplit.refunds.create(
        booking.sessionId,
        { reason: `Booking ${booking.orderRef} cancelled` },
        { idempotencyKey: `booking-${booking.id}-refund` },
      );
      await withTransaction(pool, async (tx) => {
        await markBookingCancelled(tx, booking.id);
        for (const refund of reply.refunds) {
          // Asked for by the shop for the booking: never a duplicate payment's refund.
          await savePaySplitRefundStatus(tx, { ...refund, bookingId: booking.id, duplicate: false });
        }
      });
      log.info(
        { bookingId: booking.id, refunds: reply.refunds.length, refundedMinor: reply.refundedMinor },
        'booking cancelled and refunded',
      );
      res.redirect(303, '/bookings');
    } catch (error) {
      const failure = describePaySplitFailure(error);
      log.error({ bookingId: booking.id, code: failure.code, requestId: failure.requestId }, 'PaySplit did not refund the booking');
      res
        .status(failure.httpStatus)
        .type('html')
        .send(
          renderErrorPage({
            title: 'Refund could not start',
            message: failure.httpStatus === 502 ? failure.message : 'PaySplit did not accept the refund.',
            code: failure.code,
            requestId: failure.requestId,
            actions: html`<form method="post" action="/bookings/${booking.id}/cancel">
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit">Try again</button>
            </form>`,
          }),
        );
    }
  });

  router.get(BOOKING_STATUS_SCRIPT_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('text/javascript').send(bookingStatusScript);
  });

  /** What the waiting confirmation page asks: the status only (the order ref and token stay out). */
  router.get('/bookings/:id/status', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const booking = UUID.test(req.params.id) ? await findBooking(pool, req.params.id) : undefined;
    if (!booking) {
      res.status(404).json({ error: 'booking_not_found' });
      return;
    }
    res.json({ status: booking.status });
  });

  // The host's way back to the split from our confirmation page, on any device that has the page:
  // a redirect to the sessionUrl we kept, so the URL with its hostToken is never written into a page.
  router.get('/bookings/:id/split', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    const sessionUrl = UUID.test(req.params.id) ? await sessionUrlOf(pool, req.params.id) : undefined;
    if (!sessionUrl) {
      res
        .status(404)
        .type('html')
        .send(renderErrorPage({ title: 'Booking not found', message: 'No split payment was started for this booking.' }));
      return;
    }
    res.redirect(302, sessionUrl);
  });

  router.get('/bookings/:id/confirmation', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const booking = UUID.test(req.params.id) ? await findBooking(pool, req.params.id) : undefined;
    if (!booking) {
      res
        .status(404)
        .type('html')
        .send(renderErrorPage({ title: 'Booking not found', message: 'No such booking.' }));
      return;
    }
    // A group trip's own page says where its group stands (and has the link to share).
    if (booking.kind === 'open_group') {
      res.redirect(303, `/trips/${booking.id}`);
      return;
    }
    res.type('html').send(renderConfirmationPage(booking));
  });

  return router;
}
