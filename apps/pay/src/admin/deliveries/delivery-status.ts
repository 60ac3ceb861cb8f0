import { useCallback, useState } from 'react';

/**
 * Delivery statuses as the server names them (pending, delivering, retrying, succeeded or
 * failed; "delivered" is read as succeeded too), in words and a badge colour.
 */
export function deliveryStatus(status: string): { label: string; tone: 'ok' | 'bad' | 'wait' } {
  switch (status.toLowerCase()) {
    case 'succeeded':
    case 'delivered':
      return { label: 'Delivered', tone: 'ok' };
    case 'failed':
      return { label: 'Failed', tone: 'bad' };
    case 'retrying':
      return { label: 'Failed, will retry', tone: 'bad' };
    case 'delivering':
      return { label: 'Delivering', tone: 'wait' };
    case 'pending':
      return { label: 'Pending', tone: 'wait' };
    default:
      return { label: status, tone: 'wait' };
  }
}

/** Still moving on its own within seconds: worth asking again soon. */
export function isInFlight(status: string): boolean {
  const s = status.toLowerCase();
  return s === 'pending' || s === 'delivering';
}

const WATCH_MS = 20_000;
export const WATCH_INTERVAL_MS = 1_500;

/**
 * After sending or redelivering, the outcome arrives a moment later (the dispatcher works in the
 * background): the page asks again every 1.5 s for 20 s, then stops.
 */
export function useWatchWindow(): { watching: () => boolean; watch: () => void } {
  const [until, setUntil] = useState(0);
  const watching = useCallback(() => Date.now() < until, [until]);
  const watch = useCallback(() => setUntil(Date.now() + WATCH_MS), []);
  return { watching, watch };
}
