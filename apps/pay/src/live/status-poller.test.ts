import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPublicStatus, type PollOutcome, type PublicStatus, StatusPoller } from './status-poller';

const base: PublicStatus = { status: 'OPEN', paidMinor: '0', updatedAt: '2030-01-01T00:00:00.000Z' };
const ok = (status: Partial<PublicStatus> = {}): PollOutcome => ({
  kind: 'ok',
  status: { status: 'open', paidMinor: '0', updatedAt: '2030-01-01T00:00:00.000Z', ...status },
});

describe('StatusPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(outcomes: PollOutcome[]) {
    const poll = vi.fn(async () => outcomes.shift() ?? ok());
    const onChange = vi.fn();
    const poller = new StatusPoller({ poll, baseline: () => base, onChange });
    return { poll, onChange, poller };
  }

  it('polls at most once per 5 seconds while running, and not at all after stop', async () => {
    const { poll, poller } = setup([]);
    poller.start();
    poller.start(); // a second start (another socket error) does not add a second loop
    await vi.advanceTimersByTimeAsync(4_999);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(poll).toHaveBeenCalledTimes(5);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(5);
  });

  it('reports a change of paid amount, status or update time, and stays quiet otherwise', async () => {
    const { onChange, poller } = setup([
      ok(), // same as the page (REST spells the status in lowercase)
      ok({ paidMinor: '16000', updatedAt: '2030-01-01T00:01:00.000Z' }),
      ok({ paidMinor: '16000', updatedAt: '2030-01-01T00:01:00.000Z' }),
      ok({ status: 'completed', paidMinor: '48000', updatedAt: '2030-01-01T00:02:00.000Z' }),
    ]);
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ paidMinor: '16000' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'completed' }));
  });

  it('reports a refund of a completed session, which changes neither its status nor what was paid', async () => {
    const done = { status: 'completed', paidMinor: '48000', updatedAt: '2030-01-01T00:02:00.000Z' };
    const { onChange, poller } = setup([
      ok({ ...done, refundedMinor: '0' }),
      ok({ ...done, refundedMinor: '0' }),
      ok({ ...done, refundedMinor: '16000' }),
    ]);
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(1); // the page showed OPEN: the first poll moved
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ refundedMinor: '16000' }));
  });

  it('backs off after a failure, and honours Retry-After on 429', async () => {
    const { poll, poller } = setup([{ kind: 'failed' }, { kind: 'rate-limited', retryAfterMs: 30_000 }, { kind: 'rate-limited' }]);
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(1); // failed: next in 10 s
    await vi.advanceTimersByTimeAsync(9_999);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(2); // 429 with Retry-After: 30 s
    await vi.advanceTimersByTimeAsync(29_999);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(3); // 429 without: 10 s
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).toHaveBeenCalledTimes(4);
    poller.stop();
  });

  it('ignores a poll that was in flight when it stopped', async () => {
    let answer: (outcome: PollOutcome) => void = () => undefined;
    const poll = vi.fn(() => new Promise<PollOutcome>((resolve) => (answer = resolve)));
    const onChange = vi.fn();
    const poller = new StatusPoller({ poll, baseline: () => base, onChange });
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    poller.stop();
    answer(ok({ paidMinor: '100' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onChange).not.toHaveBeenCalled();
    expect(poll).toHaveBeenCalledTimes(1);
  });
});

describe('fetchPublicStatus', () => {
  it('asks the public status endpoint for this session and reads the reply', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            sessionId: 's 1',
            status: 'partially_paid',
            paidMinor: '100',
            updatedAt: '2030-01-01T00:00:00Z',
          }),
        ),
    );
    const outcome = await fetchPublicStatus('s 1', fetchMock);
    expect(fetchMock).toHaveBeenCalledWith('/api/payments/unified?sessionId=s%201', expect.objectContaining({ cache: 'no-store' }));
    expect(outcome).toEqual({ kind: 'ok', status: { status: 'partially_paid', paidMinor: '100', updatedAt: '2030-01-01T00:00:00Z' } });
  });

  it('tells a rate limit (with its Retry-After) from other failures', async () => {
    const limited = await fetchPublicStatus('s', async () => new Response('{}', { status: 429, headers: { 'Retry-After': '7' } }));
    expect(limited).toEqual({ kind: 'rate-limited', retryAfterMs: 7_000 });
    expect(await fetchPublicStatus('s', async () => new Response('nope', { status: 500 }))).toEqual({ kind: 'failed' });
    expect(
      await fetchPublicStatus('s', async () => {
        throw new TypeError('offline');
      }),
    ).toEqual({ kind: 'failed' });
  });
});
