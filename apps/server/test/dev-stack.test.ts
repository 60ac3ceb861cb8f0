import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-database.js';
import { DEMO_EVENT_SUBSCRIPTIONS, provisionDemoMerchant } from '../src/dev-merchant.js';
import { createLogger } from '../src/logger.js';
import { CLI_ACTOR } from '../src/modules/audit/index.js';
import { PayBrowser } from './support/pay-browser.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** `npm start` after its build step: the launcher, PaySplit, the reference merchant, the embedded database. */
const DEV_STACK = fileURLToPath(new URL('../dist/dev-stack.js', import.meta.url));
const SCRIPTS = fileURLToPath(new URL('../scripts/', import.meta.url));
const run = promisify(execFile);

let dataDir: string;
let stack: ChildProcess;
let output = '';
let environment: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(DEV_STACK)) throw new Error('Build first (npm run build): this test runs apps/server/dist/dev-stack.js');
  dataDir = await mkdtemp(path.join(tmpdir(), 'paysplit-dev-stack-'));
  const [port, merchantPort, inboxPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
  environment = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    MERCHANT_DEMO_PORT: String(merchantPort),
    MAILDEV_WEB_PORT: String(inboxPort),
    PAYSPLIT_DATA_DIR: dataDir,
  };
  // Its own process group, like a terminal's foreground job: Ctrl+C signals every process in it.
  stack = spawn(process.execPath, [DEV_STACK], { env: environment, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  stack.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 45_000;
  while (!output.includes('PaySplit is running.')) {
    if (stack.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  if (stack?.exitCode === null) {
    process.kill(-stack.pid!, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start explains itself', () => {
  it('prints one banner: the shop, the admin area and its first operator, the API reference, how to stop and reset', async () => {
    const banner = output.slice(output.indexOf('PaySplit is running.'));
    for (const expected of [
      `http://localhost:${environment.MERCHANT_DEMO_PORT}/`,
      `http://localhost:${environment.PORT}/docs`,
      `http://localhost:${environment.PORT}/admin`,
      'operator create --email',
      `http://localhost:${environment.MAILDEV_WEB_PORT}/`,
      'Ctrl+C',
      'npm run reset',
      'held on the card, and charged once everyone has paid',
      '4000 0000 0000 0101',
      '4000 0000 0000 0341',
    ]) {
      expect(banner).toContain(expected);
    }
    const home = await fetch(`http://localhost:${environment.PORT}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('href="/docs"');
  });

  it('runs a local inbox on loopback when SMTP_URL is unset: its web page answers and a mail sent to its SMTP appears there', async () => {
    const banner = output.slice(output.indexOf('PaySplit is running.'));
    const smtpUrl = /SMTP_URL=(smtp:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
    expect(smtpUrl).toBeDefined();
    const inbox = `http://localhost:${environment.MAILDEV_WEB_PORT}`;
    const page = await fetch(`${inbox}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');

    const subject = `dev inbox check ${Date.now()}`;
    await sendPlainMail(new URL(smtpUrl!), subject);
    const deadline = Date.now() + 10_000;
    let subjects: string[] = [];
    while (Date.now() < deadline && !subjects.includes(subject)) {
      const listed = (await (await fetch(`${inbox}/api/email`)).json()) as { subject: string }[];
      subjects = listed.map((mail) => mail.subject);
      if (!subjects.includes(subject)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subjects).toContain(subject);
    // Nothing about the mail reaches the terminal: the inbox is where it is read.
    expect(output).not.toContain('inbox-check@example.test');
  });

  it('hands the inbox to PaySplit: the host’s emailed invitation from a booking at the shop lands there', async () => {
    const booked = await fetch(`http://localhost:${environment.MERCHANT_DEMO_PORT}/bookings`, { method: 'POST', redirect: 'manual' });
    const hostLink = new URL(booked.headers.get('location')!);
    const sessionId = hostLink.pathname.split('/').at(-1)!;
    const host = new PayBrowser(`http://localhost:${environment.PORT}`);
    expect((await host.open(sessionId, hostLink.searchParams.get('hostToken')!)).errors).toBeUndefined();
    const saved = await host.configure({
      sessionId,
      splitMode: 'EQUAL',
      participants: [
        { displayName: 'Sam', email: null },
        { displayName: 'Ben', email: 'ben.dev-stack@example.test', sendInvite: true },
      ],
    });
    expect(saved.errors).toBeUndefined();
    const inbox = `http://localhost:${environment.MAILDEV_WEB_PORT}`;
    const deadline = Date.now() + 15_000;
    let invitation: { subject: string; to: { address: string }[] } | undefined;
    while (!invitation && Date.now() < deadline) {
      const listed = (await (await fetch(`${inbox}/api/email`)).json()) as { subject: string; to: { address: string }[] }[];
      invitation = listed.find((mail) => mail.to.some((to) => to.address === 'ben.dev-stack@example.test'));
      if (!invitation) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(invitation?.subject).toContain('Harbour Table');
    expect(output).not.toContain('ben.dev-stack@example.test');
  });

  it('provisions the shop to hold each share: its checkout is authorize-only, and the hold is captured once everyone has paid', async () => {
    const shop = `http://localhost:${environment.MERCHANT_DEMO_PORT}`;
    const booked = await fetch(`${shop}/bookings`, { method: 'POST', redirect: 'manual' });
    const hostLink = new URL(booked.headers.get('location')!);
    const sessionId = hostLink.pathname.split('/').at(-1)!;
    const host = new PayBrowser(`http://localhost:${environment.PORT}`);
    await host.open(sessionId, hostLink.searchParams.get('hostToken')!);
    expect((await host.configure({ sessionId, splitMode: 'EQUAL', participants: [{ displayName: 'Sam' }] })).errors).toBeUndefined();
    const started = await host.startPayment(sessionId);
    const redirectUrl = started.data.startPayment.redirectUrl as string;
    const checkoutUrl = redirectUrl.replace('/processor/checkout/', '/processor/api/checkouts/');
    expect(await (await fetch(checkoutUrl)).json()).toMatchObject({ captureMethod: 'manual', status: 'open' });
    const paid = await fetch(`${redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
    const deadline = Date.now() + 15_000;
    let checkout: { status?: string; captures?: unknown[] } = {};
    while (checkout.status !== 'succeeded' && Date.now() < deadline) {
      checkout = (await (await fetch(checkoutUrl)).json()) as typeof checkout;
      if (checkout.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(checkout).toMatchObject({ status: 'succeeded', captures: [expect.objectContaining({ status: 'succeeded' })] });
  });

  it('leaves the inbox to npm start: no other entry point (the production server, the CLI) loads maildev', async () => {
    const sources = fileURLToPath(new URL('../src/', import.meta.url));
    const files = (await readdir(sources, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const importing = async (what: RegExp) => {
      const found: string[] = [];
      for (const file of files) {
        // The layering test writes probe files into this tree and removes them: one may be gone by now.
        const text = await readFile(path.join(sources, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return '';
          throw error;
        });
        if (what.test(text)) found.push(file);
      }
      return found;
    };
    expect(await importing(/from ['"]maildev['"]|import\(['"]maildev['"]\)/)).toEqual(['dev-inbox.ts']);
    expect(await importing(/['"]\.\/dev-inbox\.js['"]/)).toEqual(['dev-stack.ts']);
  });

  it('names PORT, MERCHANT_DEMO_PORT and MAILDEV_WEB_PORT when a second start finds them taken, before building and without a stack', async () => {
    const preflight = await run(process.execPath, [path.join(SCRIPTS, 'preflight.mjs')], { env: environment }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(preflight.code).toBe(1);
    expect(preflight.stderr).toContain(`Port ${environment.PORT} (PaySplit, set by PORT) is already in use`);
    expect(preflight.stderr).toContain('set by MERCHANT_DEMO_PORT');
    expect(preflight.stderr).toContain(
      `Port ${environment.MAILDEV_WEB_PORT} (the development email inbox, set by MAILDEV_WEB_PORT) is already in use`,
    );
    const second = await run(process.execPath, [DEV_STACK], { env: environment }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('set by PORT) is already in use');
    expect(second.stderr).toContain('set by MAILDEV_WEB_PORT) is already in use');
    expect(second.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops on Ctrl+C (SIGINT to the whole process group) without errors or stacks, and npm run reset then clears the data', async () => {
    const exited = new Promise<number | null>((resolve) => stack.once('exit', resolve));
    process.kill(-stack.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const afterStop = output.slice(output.indexOf('PaySplit is running.'));
    expect(afterStop).not.toMatch(/DatabaseError|"level":"(warn|error)"|\n\s+at /);
    expect(afterStop).toContain('stopped');

    const reset = await run(process.execPath, [path.join(SCRIPTS, 'reset.mjs')], { env: environment });
    expect(reset.stdout).toContain('Deleted');
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);
});

/** One message over plain SMTP, the way any client would hand it to the inbox. */
async function sendPlainMail(url: URL, subject: string): Promise<void> {
  const socket = connect(Number(url.port), url.hostname);
  socket.setEncoding('utf8');
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const reply = async (code: string) => {
    const deadline = Date.now() + 5_000;
    while (!new RegExp(`^${code} `, 'm').test(received)) {
      if (Date.now() > deadline) throw new Error(`SMTP: expected ${code}, got ${received}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    received = '';
  };
  const say = async (line: string, code: string) => {
    socket.write(`${line}\r\n`);
    await reply(code);
  };
  await reply('220');
  await say('EHLO dev-stack.test', '250');
  await say('MAIL FROM:<paysplit@example.test>', '250');
  await say('RCPT TO:<inbox-check@example.test>', '250');
  await say('DATA', '354');
  await say(`From: paysplit@example.test\r\nTo: inbox-check@example.test\r\nSubject: ${subject}\r\n\r\nHello.\r\n.`, '250');
  socket.end('QUIT\r\n');
}

describe("npm start's demo integration (dev-merchant.ts) against a test server", () => {
  let server: TestServer;
  let demoDir: string;
  const merchantUrl = 'http://localhost:3001';
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    server = await startTestServer({ jobs: false });
    demoDir = await mkdtemp(path.join(tmpdir(), 'paysplit-demo-merchant-'));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (demoDir) await rm(demoDir, { recursive: true, force: true });
  });

  const provision = () =>
    provisionDemoMerchant({ services: server.paysplit.services, em: server.orm.em.fork(), dataDir: demoDir, logger }, merchantUrl);
  const integration = async (id: string) => (await server.paysplit.services.integrationSettings.findIntegration(server.orm.em.fork(), id))!;

  it('creates it holding each share, with the capture URL and the events the shop ends bookings on', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'paysplit-demo-merchant-'));
    try {
      const { integrationId } = await provisionDemoMerchant(
        { services: server.paysplit.services, em: server.orm.em.fork(), dataDir: fresh, logger },
        merchantUrl,
      );
      expect(await integration(integrationId)).toMatchObject({
        captureMethod: 'manual',
        partnerCaptureUrl: `${merchantUrl}/paysplit/capture`,
        partnerCancelUrl: `${merchantUrl}/paysplit/cancel`,
        eventSubscriptions: expect.arrayContaining([...DEMO_EVENT_SUBSCRIPTIONS]),
      });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('upgrades one an older version provisioned to hold each share once, and leaves the owner’s later choice of automatic alone', async () => {
    // What the version before manual capture provisioned: charged at once, refund events only.
    const older = await server.paysplit.services.integrationSettings.createIntegration(server.orm.em.fork(), {
      name: 'Reference merchant (demo)',
      displayName: 'Harbour Table',
      partnerCreatePaymentUrl: `${merchantUrl}/paysplit/create-payment`,
      partnerRefundUrl: `${merchantUrl}/paysplit/refund`,
      partnerCancelUrl: `${merchantUrl}/paysplit/cancel`,
      webhookUrl: `${merchantUrl}/webhooks/paysplit`,
      redirectAllowlist: [merchantUrl],
      eventSubscriptions: ['SERVICE_REFUND_SUCCEEDED', 'SERVICE_REFUND_FAILED'],
    });
    const id = older.integration.id;
    await writeFile(path.join(demoDir, 'merchant-demo.json'), `${JSON.stringify({ integrationId: id })}\n`);

    const first = await provision();
    expect(first.integrationId).toBe(id);
    expect(await integration(id)).toMatchObject({
      captureMethod: 'manual',
      partnerCaptureUrl: `${merchantUrl}/paysplit/capture`,
      eventSubscriptions: expect.arrayContaining([...DEMO_EVENT_SUBSCRIPTIONS]),
    });
    const audited = () => server.query(`select id from audit_entry where integration_id = ? and action = 'integration.updated'`, [id]);
    expect(await audited()).toHaveLength(1);
    await provision();
    expect(await audited()).toHaveLength(1);

    // The owner chose automatic in the admin area: the capture URL is kept, and so is the choice.
    const em = server.orm.em.fork();
    const { integrationSettings } = server.paysplit.services;
    await integrationSettings.updateSettings(
      em,
      (await integrationSettings.findIntegration(em, id))!,
      { captureMethod: 'automatic' },
      CLI_ACTOR,
    );
    await provision();
    expect(await integration(id)).toMatchObject({ captureMethod: 'automatic', partnerCaptureUrl: `${merchantUrl}/paysplit/capture` });
  });
});
