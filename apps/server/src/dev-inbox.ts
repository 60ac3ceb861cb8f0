import { createServer } from 'node:net';
import path from 'node:path';

/**
 * `npm start` without SMTP_URL: a local SMTP server with a web inbox (maildev), so the invitations,
 * reminders and receipts PaySplit sends can be read in a browser. Development only: production
 * sets SMTP_URL to a real relay and never loads this package (a devDependency, imported lazily).
 */
export interface DevInbox {
  /** What PaySplit's sender connects to (SMTP_URL). */
  readonly smtpUrl: string;
  /** The web inbox, for people. */
  readonly webUrl: string;
  stop(): Promise<void>;
}

export interface DevInboxOptions {
  /** The mail is kept under `<dataDir>/inbox`, so `npm run reset` clears it with the rest. */
  dataDir: string;
  /** MAILDEV_WEB_PORT: the inbox's port when set; otherwise 1080 when free, else any free port. */
  webPort?: number;
}

const PREFERRED_WEB_PORT = 1080;
const LOOPBACK = '127.0.0.1';

export async function startDevInbox(options: DevInboxOptions): Promise<DevInbox> {
  const { MailDev } = await import('maildev');
  const webPort = options.webPort ?? ((await isFree(PREFERRED_WEB_PORT)) ? PREFERRED_WEB_PORT : 0);
  const maildev = new MailDev({
    // Loopback only: the inbox holds whatever the app sent, and has no sign-in.
    smtp: 0,
    ip: LOOPBACK,
    web: webPort,
    webIp: LOOPBACK,
    mailDirectory: path.join(path.resolve(options.dataDir), 'inbox'),
    // Nothing about the mail (addresses, subjects) goes to the terminal: the inbox shows it.
    silent: true,
    verbose: false,
    logMailContents: false,
  });
  const servers = await maildev.start();
  const smtpPort = servers.smtp.getAddress().port;
  const boundWebPort = servers.api?.getAddress()?.port ?? webPort;
  return {
    smtpUrl: `smtp://${LOOPBACK}:${smtpPort}`,
    webUrl: `http://localhost:${boundWebPort}/`,
    stop: () => maildev.stop(),
  };
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}
