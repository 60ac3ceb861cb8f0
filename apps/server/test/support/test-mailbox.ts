import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the mailbox answers MAIL FROM with while refusing, e.g. 451 (try later) or 550 (refused). */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on loopback that parses what arrives (smtp-server + mailparser). It can be told
 * to refuse mail for a while, as a relay under load or misconfigured would.
 */
export class TestMailbox {
  readonly messages: ParsedMail[] = [];
  refusal: Refusal | null = null;
  refusedCount = 0;
  /** While true, a message's data is read but never answered (a relay that hangs mid-message). */
  holdData = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom: (_address, _session, callback) => {
      if (!this.refusal) {
        callback();
        return;
      }
      this.refusedCount += 1;
      callback(Object.assign(new Error(this.refusal.message), { responseCode: this.refusal.code }));
    },
    onData: (stream, _session, callback) => {
      if (this.holdData) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          this.messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Messages to one address. */
  to(address: string): ParsedMail[] {
    return this.messages.filter((mail) => recipientsOf(mail).includes(address.toLowerCase()));
  }

  /** Waits until `count` messages arrived for `address` (or fails after the timeout). */
  async waitFor(address: string, count: number, timeoutMs = 10_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} emails to ${address}, got ${this.to(address).length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.to(address);
  }
}

export function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}
