import { randomBytes } from 'node:crypto';
import type { PaySplitClient } from '@paysplit/sdk';
import express, { type Response, type Router } from 'express';
import type { Pool } from 'pg';
import type { MerchantConfig } from '../config.js';
import { html } from '../html.js';
import type { Logger } from '../logger.js';
import { sessionUrlOf } from '../store.js';
import { renderErrorPage, renderHomePage } from './booking-pages.js';
import { describePaySplitFailure } from './paysplit-failure.js';
import { GROUP_TRIP, renderTripPage, type OrganiserForm } from './trip-pages.js';
import { attachOpenGroup, findTrip, insertTrip, listTravellers, type Trip } from './trip-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// What PaySplit accepts for an organiser (one line, at most 80 characters) and a plain address check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The organiser's name and email from the home page's form, or what to say beside each field. */
export function readOrganiserForm(body: unknown): { ok: true; organiserName: string; organiserEmail: string } | OrganiserForm {
  const field = (name: string) => {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const values = { organiserName: field('organiserName'), organiserEmail: field('organiserEmail') };
  const errors: OrganiserForm['errors'] = {};
  if (values.organiserName === '') errors.organiserName = 'Enter your name';
  else if (values.organiserName.length > 80 || /[\r\n]/.test(values.organiserName)) {
    errors.organiserName = 'Your name must be one line of at most 80 characters';
  }
  if (values.organiserEmail === '') errors.organiserEmail = 'Enter your email address';
  else if (values.organiserEmail.length > 254 || !EMAIL.test(values.organiserEmail)) {
    errors.organiserEmail = 'Enter an email address like name@example.com';
  }
  return Object.keys(errors).length === 0 ? { ok: true, ...values } : { values, errors };
}

function notFound(res: Response): void {
  res
    .status(404)
    .type('html')
    .send(renderErrorPage({ title: 'Trip not found', message: 'No such group trip.' }));
}

/**
 * Group trips: the organiser starts one from the home page; the shop creates a PaySplit open
 * group for it and shows the link to share and the way to the organiser's page.
 */
export function createTripsRouter(deps: { config: MerchantConfig; pool: Pool; logger: Logger; paysplit: PaySplitClient }): Router {
  const { config, pool, paysplit } = deps;
  const log = deps.logger.child({ component: 'trips' });
  const router = express.Router();

  /**
   * Creates the open group for a trip (Idempotency-Key per trip, so a double submit or the retry
   * button gets the same group back), then sends the organiser to the trip's page.
   */
  async function startOpenGroup(trip: Trip, res: Response): Promise<void> {
    const { booking } = trip;
    try {
      const group = await paysplit.sessions.create(
        {
          integrationId: config.paysplit.integrationId,
          amountMinor: booking.amountMinor,
          currency: booking.currency,
          merchantOrderRef: booking.orderRef,
          description: booking.title,
          successUrl: `${config.publicUrl}/trips/${booking.id}`,
          cancelUrl: `${config.publicUrl}/`,
          openGroup: {
            minPlaces: trip.minPlaces,
            maxPlaces: trip.maxPlaces,
            pricing: 'split_total',
            organiserName: trip.organiserName,
            organiserEmail: trip.organiserEmail,
          },
        },
        { idempotencyKey: `trip-${booking.id}-create` },
      );
      if (!group.joinUrl || !group.openGroup) throw new Error('PaySplit answered without the open group');
      await attachOpenGroup(pool, booking.id, {
        sessionId: group.sessionId,
        hostToken: group.hostToken,
        sessionUrl: group.sessionUrl,
        joinUrl: group.joinUrl,
        pricePerPlaceMinor: group.openGroup.pricePerPlaceMinor,
      });
      log.info({ bookingId: booking.id, sessionId: group.sessionId }, 'open group created');
      res.redirect(303, `/trips/${booking.id}`);
    } catch (error) {
      const failure = describePaySplitFailure(error);
      log.error({ bookingId: booking.id, code: failure.code, requestId: failure.requestId }, 'could not create the open group');
      res
        .status(failure.httpStatus)
        .type('html')
        .send(
          renderErrorPage({
            title: 'The group could not start',
            message: failure.message,
            code: failure.code,
            requestId: failure.requestId,
            actions: html`<form method="post" action="/trips/${booking.id}/start">
              <button type="submit">Try again</button>
            </form>`,
          }),
        );
    }
  }

  router.post('/trips', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    const form = readOrganiserForm(req.body);
    if (!('ok' in form)) {
      res.status(400).type('html').send(renderHomePage(form));
      return;
    }
    const bookingId = await insertTrip(pool, {
      ...GROUP_TRIP,
      orderRef: `trip-${randomBytes(5).toString('hex')}`,
      organiserName: form.organiserName,
      organiserEmail: form.organiserEmail,
    });
    log.info({ bookingId }, 'group trip created');
    await startOpenGroup((await findTrip(pool, bookingId))!, res);
  });

  router.post('/trips/:id/start', async (req, res) => {
    const trip = UUID.test(req.params.id) ? await findTrip(pool, req.params.id) : undefined;
    if (!trip) {
      notFound(res);
      return;
    }
    // Started already (its group exists), or ended: the trip's page says where it stands.
    if (trip.booking.sessionId || trip.booking.status !== 'awaiting_payment') {
      res.redirect(303, `/trips/${trip.booking.id}`);
      return;
    }
    await startOpenGroup(trip, res);
  });

  router.get('/trips/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const trip = UUID.test(req.params.id) ? await findTrip(pool, req.params.id) : undefined;
    if (!trip) {
      notFound(res);
      return;
    }
    res.type('html').send(renderTripPage(trip, await listTravellers(pool, trip.booking.id)));
  });

  // The organiser's way to their page at PaySplit (places and payers, live): a redirect to the
  // sessionUrl kept at creation, so the URL with its hostToken is never written into a page.
  router.get('/trips/:id/organiser', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    const trip = UUID.test(req.params.id) ? await findTrip(pool, req.params.id) : undefined;
    const sessionUrl = trip ? await sessionUrlOf(pool, trip.booking.id) : undefined;
    if (!sessionUrl) {
      notFound(res);
      return;
    }
    res.redirect(302, sessionUrl);
  });

  return router;
}
