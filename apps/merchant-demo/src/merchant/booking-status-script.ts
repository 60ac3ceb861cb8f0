/// <reference lib="dom" />
/**
 * The waiting confirmation page's enhancement: it asks the merchant every few seconds whether
 * PaySplit's webhook has marked the booking paid (or its split ended), and only then reloads. A timed page refresh did
 * the same without script, but reloaded under a screen reader every 2 seconds (WCAG 2.2.1); without
 * script the page offers a "Check again" link instead.
 *
 * Served as a file of its own source (see `bookingStatusScript`), like the checkout's script, so
 * the CSP allows no inline script. The function must stand alone: nothing from this module's scope.
 */
export function watchBookingStatus(): void {
  const waiting = document.querySelector<HTMLElement>('[data-booking-status-url]');
  const url = waiting?.dataset.bookingStatusUrl;
  if (!waiting || !url) return;
  const INTERVAL_MS = 2000;
  // An hour of asking is plenty; after that the "Check again" link is still there.
  let attemptsLeft = 1800;

  async function check(): Promise<void> {
    attemptsLeft -= 1;
    try {
      const response = await fetch(url!, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (response.ok) {
        const body = (await response.json()) as { status?: string };
        // Paid, or the split ended unpaid: either way the page has something new to say.
        if (body.status !== undefined && body.status !== 'awaiting_payment') {
          window.location.reload();
          return;
        }
      }
    } catch {
      // Offline for a moment: the next attempt asks again.
    }
    if (attemptsLeft > 0) setTimeout(() => void check(), INTERVAL_MS);
  }

  const hint = waiting.querySelector<HTMLElement>('[data-when-watched]');
  if (hint) hint.hidden = false;
  setTimeout(() => void check(), INTERVAL_MS);
}

/** The script as served to browsers. */
export const bookingStatusScript = `'use strict';
${watchBookingStatus.toString()}
watchBookingStatus();
`;
