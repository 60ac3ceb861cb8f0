/** The fields of GET /api/payments/unified that tell whether the session changed. */
export interface PublicStatus {
  status: string;
  paidMinor: string;
  updatedAt: string;
  /** Succeeded refunds of the whole session; the page's own view has no such total, so only polls compare it. */
  refundedMinor?: string;
}

export type PollOutcome = { kind: 'ok'; status: PublicStatus } | { kind: 'rate-limited'; retryAfterMs?: number } | { kind: 'failed' };

/** One poll of the public status endpoint (no cookie needed, no personal data in the reply). */
export async function fetchPublicStatus(sessionId: string, fetchImpl: typeof fetch = fetch): Promise<PollOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/payments/unified?sessionId=${encodeURIComponent(sessionId)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    return Number.isFinite(seconds) && seconds > 0 ? { kind: 'rate-limited', retryAfterMs: seconds * 1000 } : { kind: 'rate-limited' };
  }
  if (!response.ok) return { kind: 'failed' };
  try {
    const body = (await response.json()) as Partial<PublicStatus> & { success?: boolean };
    const refunded = typeof body.refundedMinor === 'string' ? { refundedMinor: body.refundedMinor } : {};
    if (
      body.success !== true ||
      typeof body.status !== 'string' ||
      typeof body.paidMinor !== 'string' ||
      typeof body.updatedAt !== 'string'
    ) {
      return { kind: 'failed' };
    }
    return { kind: 'ok', status: { status: body.status, paidMinor: body.paidMinor, updatedAt: body.updatedAt, ...refunded } };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * GraphQL says OPEN, REST says open; timestamps may differ in format but not in instant. A refund
 * leaves status and paid amount as they were (a completed session stays completed), so the refunded
 * total counts too, when both sides have it.
 */
export function statusChanged(before: PublicStatus, after: PublicStatus): boolean {
  return (
    before.status.toLowerCase() !== after.status.toLowerCase() ||
    before.paidMinor !== after.paidMinor ||
    Date.parse(before.updatedAt) !== Date.parse(after.updatedAt) ||
    (before.refundedMinor !== undefined && after.refundedMinor !== undefined && before.refundedMinor !== after.refundedMinor)
  );
}

export interface StatusPollerOptions {
  poll: () => Promise<PollOutcome>;
  /** What the page shows now; the first poll is compared with it. */
  baseline: () => PublicStatus | null;
  onChange: (status: PublicStatus) => void;
  /** The spacing between polls; the server allows about one a second, we stay well below. */
  intervalMs?: number;
  /** The wait after a failure or a 429 without Retry-After (interface: back off 5 to 10 s). */
  backoffMs?: number;
}

/**
 * The fallback when the live socket is down: polls the public status, never more than once per
 * interval (each poll waits a full interval after the previous one finished, or after start),
 * and reports a change of status, paid amount or update time.
 */
export class StatusPoller {
  private readonly intervalMs: number;
  private readonly backoffMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private active = false;
  // Bumped on every start/stop so a poll still in flight from an earlier run is ignored.
  private generation = 0;
  private last: PublicStatus | null = null;

  constructor(private readonly options: StatusPollerOptions) {
    this.intervalMs = options.intervalMs ?? 5_000;
    this.backoffMs = options.backoffMs ?? 10_000;
  }

  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.last = null;
    this.schedule(this.intervalMs, ++this.generation);
  }

  stop(): void {
    this.active = false;
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number, generation: number): void {
    this.timer = setTimeout(() => void this.tick(generation), delayMs);
  }

  private async tick(generation: number): Promise<void> {
    const outcome = await this.options.poll();
    if (!this.active || generation !== this.generation) return;
    if (outcome.kind === 'ok') {
      const reference = this.last ?? this.options.baseline();
      this.last = outcome.status;
      if (reference === null || statusChanged(reference, outcome.status)) this.options.onChange(outcome.status);
      this.schedule(this.intervalMs, generation);
    } else if (outcome.kind === 'rate-limited') {
      this.schedule(Math.max(this.intervalMs, outcome.retryAfterMs ?? this.backoffMs), generation);
    } else {
      this.schedule(this.backoffMs, generation);
    }
  }
}
