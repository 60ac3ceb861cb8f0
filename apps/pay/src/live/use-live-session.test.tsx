// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PaySessionView, sessionQueryKey } from '../session/session-query';
import { makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { liveUrlFor, useLiveSession } from './use-live-session';

/** Just enough of a graphql-transport-ws server to accept or refuse the app's socket. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeSocket[] = [];
  static accept = false;

  readyState = FakeSocket.CONNECTING;
  protocol = 'graphql-transport-ws';
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  subscriptionId: string | null = null;

  constructor(readonly url: string) {
    FakeSocket.sockets.push(this);
    setTimeout(() => {
      if (FakeSocket.accept) {
        this.readyState = FakeSocket.OPEN;
        this.onopen?.();
      } else {
        // What a browser reports when the handshake fails: an error, then 1006.
        this.readyState = FakeSocket.CLOSED;
        this.onerror?.(new Event('error'));
        this.onclose?.({ code: 1006, reason: '', wasClean: false });
      }
    }, 0);
  }

  send(raw: string) {
    const message = JSON.parse(raw) as { type: string; id?: string };
    if (message.type === 'connection_init') setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) }), 0);
    if (message.type === 'subscribe') this.subscriptionId = message.id ?? null;
  }

  close(code = 1000, reason = '') {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: true });
  }

  /** Closes from the server's side, as a socket cut off as too slow is. */
  serverClose(code: number, reason: string) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: true });
  }

  refuse(code: string) {
    const payload = { data: null, errors: [{ message: 'refused', extensions: { code } }] };
    this.onmessage?.({ data: JSON.stringify({ id: this.subscriptionId, type: 'next', payload }) });
    this.onmessage?.({ data: JSON.stringify({ id: this.subscriptionId, type: 'complete' }) });
  }

  push(view: PaySessionView) {
    this.onmessage?.({ data: JSON.stringify({ id: this.subscriptionId, type: 'next', payload: { data: { paySessionUpdated: view } } }) });
  }
}

const session = makeSession({ viewerRole: 'PARTICIPANT' });

function Harness({ load }: { load: () => Promise<PaySessionView> }) {
  const { data } = useQuery({ queryKey: sessionQueryKey(session.id), queryFn: load });
  useLiveSession(data);
  return <p>paid {data?.paidMinor}</p>;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.sockets = [];
  FakeSocket.accept = false;
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveSession', () => {
  it('opens the socket on the page’s own origin, wss on https', () => {
    expect(liveUrlFor({ protocol: 'https:', host: 'pay.example' })).toBe('wss://pay.example/graphql');
    expect(liveUrlFor({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/graphql');
  });

  it('puts every pushed view into the query cache', async () => {
    FakeSocket.accept = true;
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<Harness load={async () => session} />, session);
    await advance(10);
    const socket = FakeSocket.sockets[0]!;
    expect(socket.url).toBe('ws://localhost:3000/graphql');
    expect(socket.subscriptionId).not.toBeNull();

    act(() => socket.push({ ...session, paidMinor: '16000', version: 2 }));
    await advance(1); // the query cache tells React on the next tick
    expect(screen.getByText('paid 16000')).toBeTruthy();
    // An older view arriving late does not undo a newer one.
    act(() => socket.push({ ...session, paidMinor: '0', version: 1 }));
    await advance(1);
    expect(screen.getByText('paid 16000')).toBeTruthy();
    await advance(30_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stays subscribed after the session ended, so a later refund reaches the open page', async () => {
    FakeSocket.accept = true;
    const completed = { ...session, status: 'COMPLETED' as const, paidMinor: '48000', version: 5 };
    renderWithQuery(<Harness load={async () => completed} />, completed);
    await advance(10);
    const socket = FakeSocket.sockets[0]!;
    expect(socket.subscriptionId).not.toBeNull();
    expect(socket.readyState).toBe(FakeSocket.OPEN);

    act(() => socket.push({ ...completed, paidMinor: '48001', version: 6 }));
    await advance(1);
    expect(screen.getByText('paid 48001')).toBeTruthy();
    // Still the one socket, still open: nothing closed it when the session was over.
    await advance(60_000);
    expect(FakeSocket.sockets).toHaveLength(1);
    expect(socket.readyState).toBe(FakeSocket.OPEN);
  });

  it('keeps the subscription when a pushed view ends the session', async () => {
    FakeSocket.accept = true;
    renderWithQuery(<Harness load={async () => session} />, session);
    await advance(10);
    const socket = FakeSocket.sockets[0]!;
    act(() => socket.push({ ...session, status: 'COMPLETED', paidMinor: '48000', version: 2 }));
    await advance(1);
    act(() => socket.push({ ...session, status: 'COMPLETED', paidMinor: '48000', version: 3, updatedAt: '2030-01-02T00:00:00.000Z' }));
    await advance(1);
    expect(screen.getByText('paid 48000')).toBeTruthy();
    expect(FakeSocket.sockets).toHaveLength(1);
    expect(socket.readyState).toBe(FakeSocket.OPEN);
  });

  it('reconnects and reloads the session after the server closed its socket as too slow (4413)', async () => {
    FakeSocket.accept = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, status: 'open', paidMinor: '0' }))),
    );
    const load = vi.fn(async () => session);
    renderWithQuery(<Harness load={load} />, session);
    await advance(10);
    expect(FakeSocket.sockets).toHaveLength(1);
    act(() => FakeSocket.sockets[0]!.serverClose(4413, 'Too slow: reconnect and reload'));
    await advance(10_000);
    expect(FakeSocket.sockets.length).toBe(2);
    // What changed while the socket was gone was not pushed: the page reads the session again.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('polls and tries a socket again later when the server refuses the subscription (TOO_MANY_SUBSCRIPTIONS)', async () => {
    FakeSocket.accept = true;
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, status: 'open', paidMinor: '0', updatedAt: session.updatedAt })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const load = vi.fn(async () => session);
    renderWithQuery(<Harness load={load} />, session);
    await advance(10);
    act(() => FakeSocket.sockets[0]!.refuse('TOO_MANY_SUBSCRIPTIONS'));
    await advance(5_000);
    expect(fetchMock).toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    await advance(30_000);
    expect(FakeSocket.sockets.length).toBe(2);
  });

  it('polls and opens no new socket after the server closed one for a message too big (1009)', async () => {
    FakeSocket.accept = true;
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, status: 'open', paidMinor: '0', updatedAt: session.updatedAt })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<Harness load={async () => session} />, session);
    await advance(10);
    act(() => FakeSocket.sockets[0]!.serverClose(1009, ''));
    await advance(10 * 60_000);
    expect(FakeSocket.sockets).toHaveLength(1);
    expect(fetchMock.mock.calls.length).toBeGreaterThan(10);
  });

  it('polls the public status when the socket cannot open, refetches on a change, and stops once a socket is back', async () => {
    let paid = '0';
    const status = () => ({
      success: true,
      status: paid === '0' ? 'open' : 'partially_paid',
      paidMinor: paid,
      updatedAt: session.updatedAt,
    });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(status())));
    vi.stubGlobal('fetch', fetchMock);
    const load = vi.fn(async () => ({
      ...session,
      paidMinor: paid,
      status: paid === '0' ? ('OPEN' as const) : ('PARTIALLY_PAID' as const),
    }));
    renderWithQuery(<Harness load={load} />, session);

    await advance(10);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled(); // nothing moved

    paid = '16000';
    await advance(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('paid 16000')).toBeTruthy();

    // Later a socket opens again: polling stops and the page catches up once.
    FakeSocket.accept = true;
    await advance(20_000);
    expect(FakeSocket.sockets.length).toBeGreaterThan(1);
    const polls = fetchMock.mock.calls.length;
    await advance(60_000);
    expect(fetchMock.mock.calls.length).toBe(polls);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
