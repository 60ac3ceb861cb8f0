import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { SessionEndingService } from '../modules/sessions/session-ending.service.js';

/**
 * Moves sessions past their deadline to `expired`. State lives in PostgreSQL (expires_at), so the
 * job survives restarts by construction, and SKIP LOCKED lets every instance run it safely.
 */
export class ExpiryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: { orm: MikroORM; sessions: SessionEndingService; logger: Logger; intervalMs: number }) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Expires every due session now (in batches); returns their ids. */
  async runOnce(): Promise<string[]> {
    const expired: string[] = [];
    const run = (async () => {
      for (;;) {
        const batch = await this.options.sessions.expireDueSessions(this.options.orm.em.fork());
        expired.push(...batch);
        if (batch.length === 0) break;
      }
    })().catch((error: unknown) => this.options.logger.error({ err: error }, 'expiry sweep failed'));
    this.running = run;
    await run;
    if (expired.length > 0) this.options.logger.info({ sessions: expired.length }, 'expired sessions');
    return expired;
  }
}
