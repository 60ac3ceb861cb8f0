import { randomBytes } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import { html } from '../html.js';
import type { Logger } from '../logger.js';
import type { PaySplitClient } from '@paysplit/sdk';
import { attachSession, findBooking, insertBooking, listBookings, type Booking } from '../store.js';
import { bookingStatusScript } from './booking-status-script.js';
import {
  BOOKING_STATUS_SCRIPT_PATH,
  DINNER,
  renderBookingsPage,
  renderConfirmationPage,
  renderErrorPage,
  renderHomePage,
} from './booking-pages.js';
import { describePaySplitFailure } from './paysplit-failure.js';

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
      await attachSession(pool, booking.id, { sessionId: session.sessionId, hostToken: session.hostToken });
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
    if (booking.status === 'paid') {
      res.redirect(303, `/bookings/${booking.id}/confirmation`);
      return;
    }
    await startSplitPayment(booking, res);
  });

  router.get('/bookings', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.type('html').send(renderBookingsPage(await listBookings(pool)));
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
    res.type('html').send(renderConfirmationPage(booking));
  });

  return router;
}
