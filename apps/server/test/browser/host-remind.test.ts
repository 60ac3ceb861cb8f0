import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAppDocumentId } from '../support/pay-browser.js';
import { TestMailbox } from '../support/test-mailbox.js';
import { postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { accessibilityViolations, type Browser, collectConsoleErrors, openBrowser, overflowsSideways, screenshot } from './chromium.js';
import { inviteLinkOf } from './pay-pages.js';

const mailbox = new TestMailbox();
let server: TestServer;
let integration: { integrationId: string; apiKey: string };
let host: Browser;

beforeAll(async () => {
  // A real SMTP server on loopback receives what PaySplit's sender hands over, and parses it.
  await mailbox.start();
  server = await startTestServer({ environment: { SMTP_URL: mailbox.url, EMAIL_FROM: 'Harbour Table via PaySplit <pay@paysplit.test>' } });
  integration = await server.provision({ name: 'Remind', displayName: 'Harbour Table' });
  // A host in New Zealand: times read as the house writes them there (2:10 pm).
  host = await openBrowser({ viewport: { width: 360, height: 740 }, locale: 'en-NZ' });
}, 60_000);

afterAll(async () => {
  await host?.close();
  await server?.close();
  await mailbox.stop();
});

describe('the host’s Remind button in a real browser (Debian chromium), over real SMTP', () => {
  it('invites Ben by email on save, reminds him with his own link, then shows the limit', async () => {
    const consoleErrors = collectConsoleErrors(host.page);
    const created = await postJson<{ sessionId: string; hostToken: string }>(
      `${server.baseUrl}/api/v1/payments/sessions`,
      { integrationId: integration.integrationId, amountMinor: '9000', description: 'Dinner for 2' },
      { 'x-service-api-key': integration.apiKey },
    );
    expect(created.status).toBe(200);
    const { sessionId, hostToken } = created.body;
    const page = host.page;
    await page.goto(`${server.baseUrl}/pay/${sessionId}?host=1&hostToken=${hostToken}`);
    await page.getByRole('heading', { name: 'Who is paying' }).waitFor();

    await page.getByLabel('Your name').fill('Aroha');
    await page.getByLabel('Name of participant 2').fill('Ben');
    await page.getByLabel('Email of participant 2 (optional)').fill('ben@example.test');
    // Typing the address ticks "Send invite by email": that is what an address is typed for.
    expect(await page.getByLabel('Send invite by email to participant 2').isChecked()).toBe(true);
    await screenshot(page, '40-host-send-invite-by-email');
    await page.getByRole('button', { name: 'Save split' }).click();
    await page.getByRole('heading', { name: 'Pay and invite' }).waitFor();
    const benLink = await inviteLinkOf(page, 'Ben');
    expect(benLink).toContain(`/pay/${sessionId}?token=`);

    // The invitation: to Ben, with his own link, never the host's token.
    const [invitation] = await mailbox.waitFor('ben@example.test', 1);
    expect(invitation!.subject).toBeTruthy();
    expect(invitation!.text).toContain(benLink);
    expect(invitation!.text).not.toContain(hostToken);
    expect(String(invitation!.html)).not.toContain(hostToken);

    const roster = page.getByRole('list', { name: 'Your group' });
    await roster.getByText('Invite sent').waitFor();
    const remind = roster.getByRole('button', { name: 'Remind Ben' });
    expect(await remind.isEnabled()).toBe(true);
    await screenshot(page, '41-host-roster-invite-sent');
    expect(await accessibilityViolations(page), 'axe on the roster with email status').toEqual([]);

    await remind.click();
    await page.getByText('Reminder sent to Ben.').waitFor();
    const reminder = (await mailbox.waitFor('ben@example.test', 2))[1]!;
    expect(reminder.text).toContain(benLink);
    expect(reminder.text).not.toContain(hostToken);
    expect(reminder.headerLines.map((line) => line.key)).toContain('list-unsubscribe');

    // The limit: the button is off and says when it comes back; the server refuses an early one too.
    await roster.getByText(/^Reminded \d{1,2}:\d{2} [ap]m · can remind again (tomorrow )?\d{1,2}:\d{2} [ap]m$/).waitFor();
    expect(await remind.isDisabled()).toBe(true);
    await screenshot(page, '42-host-remind-limit');
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page), 'axe after the reminder').toEqual([]);

    const early = await page.evaluate(
      async ({ documentId, sessionId: id }) => {
        const view = await fetch('/graphql', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ documentId: documentId.view, variables: { sessionId: id } }),
        }).then((r) => r.json() as Promise<{ data: { paySession: { participants: { id: string; displayName: string }[] } } }>);
        const ben = view.data.paySession.participants.find((p) => p.displayName === 'Ben')!;
        return fetch('/graphql', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ documentId: documentId.remind, variables: { sessionId: id, participantId: ben.id } }),
        }).then((r) => r.json() as Promise<{ errors?: { extensions: { code: string; retryAfterSeconds?: number } }[] }>);
      },
      { documentId: { view: payAppDocumentId('PaySession'), remind: payAppDocumentId('RemindParticipant') }, sessionId },
    );
    expect(early.errors?.[0]?.extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(early.errors?.[0]?.extensions.retryAfterSeconds).toBeGreaterThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.to('ben@example.test')).toHaveLength(2);
    expect(consoleErrors.filter((line) => !line.includes('429'))).toEqual([]);
  }, 60_000);
});
