import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { CreateIntegrationInput } from '../../src/modules/integrations/integration-settings.service.js';
import type { TestServer } from './test-server.js';

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, any>;
  receivedAt: number;
}

/**
 * A merchant's two endpoints as plain HTTP servers on loopback: the partner create-payment URL
 * and the webhook URL. Both verify signatures with the `standardwebhooks` package (the reference
 * implementation, which we did not write), so a test fails if our signing drifts from the standard.
 */
export class MerchantStub {
  readonly partnerCalls: ReceivedCall[] = [];
  readonly webhookCalls: ReceivedCall[] = [];
  /** Status the webhook endpoint answers, per call (the last one repeats). */
  webhookStatuses: number[] = [200];
  /** Retry-After sent with a 429 or 503 webhook answer, when set. */
  webhookRetryAfter: string | undefined;
  /** What the partner endpoint does. */
  partnerBehaviour: 'ok' | 'error' | 'slow' | 'bad-json' | 'javascript-url' = 'ok';
  partnerSecret = '';
  webhookSecret = '';
  /** More integrations pointing at this stub: any of their secrets verifies. */
  readonly extraSecrets: { partner: string; webhook: string }[] = [];
  /** Delay before answering a webhook (keeps deliveries in flight). */
  webhookDelayMs = 0;
  private server: Server | undefined;
  private waiters: (() => void)[] = [];
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const call: ReceivedCall = { headers: req.headers, body, json: {}, receivedAt: Date.now() };
        const secrets = [
          req.url === '/partner' ? this.partnerSecret : this.webhookSecret,
          ...this.extraSecrets.map((extra) => (req.url === '/partner' ? extra.partner : extra.webhook)),
        ].filter(Boolean);
        const verified = secrets
          .map((secret) => {
            try {
              return new Webhook(secret).verify(body, req.headers as Record<string, string>) as Record<string, any>;
            } catch {
              return undefined;
            }
          })
          .find((value) => value !== undefined);
        if (!verified) {
          res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'signature did not verify' }));
          return;
        }
        call.json = verified;
        if (req.url === '/partner') this.answerPartner(call, res);
        else {
          this.webhookCalls.push(call);
          const status = this.webhookStatuses[Math.min(this.webhookCalls.length - 1, this.webhookStatuses.length - 1)]!;
          setTimeout(() => {
            const retryAfter =
              (status === 429 || status === 503) && this.webhookRetryAfter ? { 'retry-after': this.webhookRetryAfter } : {};
            res.writeHead(status, { 'content-type': 'text/plain', ...retryAfter }).end(status < 300 ? 'thanks' : 'not now');
            this.waiters.splice(0).forEach((wake) => wake());
          }, this.webhookDelayMs);
        }
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Provisions an integration whose partner and webhook URLs are this stub's, and trusts its secrets. */
  async provisionOn(
    server: TestServer,
    input: Partial<CreateIntegrationInput> = {},
  ): Promise<{ integrationId: string; apiKey: string; partnerSecret: string; webhookSecret: string }> {
    const integration = await server.provision({ partnerCreatePaymentUrl: this.partnerUrl, webhookUrl: this.webhookUrl, ...input });
    if (!this.partnerSecret) {
      this.partnerSecret = integration.partnerSecret;
      this.webhookSecret = integration.webhookSecret;
    } else {
      this.extraSecrets.push({ partner: integration.partnerSecret, webhook: integration.webhookSecret });
    }
    return integration;
  }

  get partnerUrl(): string {
    return `${this.baseUrl}/partner`;
  }

  get webhookUrl(): string {
    return `${this.baseUrl}/webhooks`;
  }

  /** Resolves once at least `count` webhook calls arrived (or rejects after `timeoutMs`). */
  async waitForWebhooks(count: number, timeoutMs = 10_000): Promise<ReceivedCall[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.webhookCalls.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} webhook calls, got ${this.webhookCalls.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.webhookCalls.slice(0, count);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answerPartner(call: ReceivedCall, res: import('node:http').ServerResponse): void {
    this.partnerCalls.push(call);
    switch (this.partnerBehaviour) {
      case 'ok':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ redirectUrl: `${this.baseUrl}/checkout/${call.json.paymentId}` }));
        return;
      case 'error':
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"processor down"}');
        return;
      case 'bad-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
        return;
      case 'javascript-url':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ redirectUrl: 'javascript:alert(1)' }));
        return;
      case 'slow':
        setTimeout(
          () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ redirectUrl: `${this.baseUrl}/late` })),
          2000,
        );
        return;
    }
  }
}
