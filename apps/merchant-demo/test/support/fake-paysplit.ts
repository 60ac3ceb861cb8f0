import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakePaySplit {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** hostTokens handed out, to check they never leak into pages or logs. */
  hostTokens: string[];
  /** What each refund request was answered with (refunds of a fixed NZ$288 + NZ$192). */
  refundReplies: { sessionId: string; refunds: { refundId: string; paymentId: string; amountMinor: string }[] }[];
  /** The next call answers with this PaySplit error instead. */
  failNext(failure: { status: number; code: string; requestId: string }): void;
  close(): Promise<void>;
}

/**
 * Plays PaySplit's side of docs/wire-contracts.md for the calls the merchant makes: create
 * session, record payment and refund a session. It checks the API key header like the real one.
 */
export async function startFakePaySplit(options: { apiKey: string }): Promise<FakePaySplit> {
  const requests: ReceivedRequest[] = [];
  const hostTokens: string[] = [];
  const refundReplies: FakePaySplit['refundReplies'] = [];
  let nextFailure: { status: number; code: string; requestId: string } | undefined;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

      const reply = (status: number, payload: unknown, requestId = `req_${randomUUID()}`) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId });
        res.end(JSON.stringify(payload));
      };
      if (req.headers['x-service-api-key'] !== options.apiKey) {
        reply(401, { success: false, code: 'INVALID_API_KEY', message: 'Invalid API key', requestId: 'req_auth' });
        return;
      }
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = undefined;
        reply(
          failure.status,
          { success: false, code: failure.code, message: 'Refused by the fake', requestId: failure.requestId },
          failure.requestId,
        );
        return;
      }
      if (req.method === 'POST' && path === '/api/v1/payments/sessions') {
        const sessionId = randomUUID();
        const hostToken = `ht_${randomBytes(16).toString('hex')}`;
        hostTokens.push(hostToken);
        // An open group's reply adds the link to share (a code of its own) and the group's figures.
        const openGroup = body.openGroup as { minPlaces: number; maxPlaces: number; pricing: string } | undefined;
        const group = openGroup && {
          joinUrl: `${baseUrl}/pay/${sessionId}/join?code=jc_${randomBytes(8).toString('hex')}`,
          openGroup: {
            ...openGroup,
            pricePerPlaceMinor: (BigInt(String(body.amountMinor)) / BigInt(openGroup.minPlaces)).toString(),
            placesSold: 0,
            placesReserved: 0,
            placesLeft: openGroup.maxPlaces,
            tippedAt: null,
            fullAt: null,
          },
        };
        reply(200, {
          ...group,
          success: true,
          sessionId,
          hostToken,
          participantIds: [],
          mode: 'test',
          message: group ? 'Open group created' : 'Session created; the host must configure it before inviting participants',
          sessionUrl: `${baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`,
          status: group ? 'open' : 'unconfigured',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          amountMinor: body.amountMinor,
          currency: body.currency ?? 'NZD',
        });
        return;
      }
      if (req.method === 'POST' && path === '/api/v1/payments/record') {
        const sessionId = randomUUID();
        reply(200, {
          success: true,
          paymentId: body.paymentId,
          sessionId,
          participantId: randomUUID(),
          paymentStatus: body.action === 'authorize' ? 'authorized' : 'failed',
          sessionStatus: 'partially_paid',
          paidMinor: body.amountMinor ?? '0',
          remainingMinor: '0',
          refundRequired: false,
          serviceHostResumeUrl: `${baseUrl}/pay/${sessionId}?resume=host`,
          serviceParticipantReturnUrl: `${baseUrl}/pay/${sessionId}/return?payment=${String(body.paymentId)}`,
        });
        return;
      }
      const refundPath = /^\/api\/v1\/payments\/sessions\/([0-9a-f-]{36})\/refunds$/.exec(path);
      if (req.method === 'POST' && refundPath) {
        // Two payers, refunded in proportion: the partner calls go out later, so both start pending.
        const refunds = ['28800', '19200'].map((amountMinor) => ({
          refundId: randomUUID(),
          paymentId: randomUUID(),
          participantId: randomUUID(),
          amountMinor,
          currency: 'NZD',
          status: 'pending',
          reason: body.reason ?? null,
          source: 'merchant',
          processorRefundReference: null,
          failureReason: null,
          createdAt: new Date().toISOString(),
          settledAt: null,
          attempts: 0,
        }));
        refundReplies.push({ sessionId: refundPath[1]!, refunds });
        reply(200, {
          success: true,
          sessionId: refundPath[1],
          currency: 'NZD',
          capturedMinor: '48000',
          refundedMinor: '0',
          refundableMinor: '0',
          pendingRefundMinor: '48000',
          refunds,
        });
        return;
      }
      reply(404, { success: false, code: 'NOT_FOUND', message: 'No such route', requestId: 'req_404' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    hostTokens,
    refundReplies,
    failNext(failure) {
      nextFailure = failure;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
