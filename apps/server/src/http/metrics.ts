import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolConnections } from '../db/pool-health.js';
import type { FanoutStats } from '../modules/live/index.js';
import type { RequestLogStats } from '../modules/requests/index.js';

/** How long a read of the outbox backlog serves scrapes before the next one queries again. */
const BACKLOG_REFRESH_MS = 10_000;

/** The Prometheus metrics of one instance, served at /metrics. */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'paysplit_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'paysplit_rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly rateLimitStoreErrors = new Counter({
    name: 'paysplit_rate_limit_store_errors_total',
    help: 'Rate-limit checks that failed open because the counter store (Redis) was unreachable',
    registers: [this.registry],
  });

  readonly compiledOperations = new Counter({
    name: 'paysplit_graphql_compiled_operations_total',
    help: "Trusted documents' queries run compiled, without Apollo's pipeline (graphql/compiled-documents.ts)",
    registers: [this.registry],
  });

  readonly liveSocketsRefused = new Counter({
    name: 'paysplit_live_sockets_refused_total',
    help: 'Live-update sockets refused or closed before doing anything: message too big, no connection_init in time, too many waiting per address, protocol error',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly listenConnections = new Gauge({
    name: 'paysplit_listen_connections',
    help: 'Listeners (paysplit listen) connected to this instance',
    registers: [this.registry],
  });

  readonly listenCalls = new Counter({
    name: 'paysplit_listen_calls_total',
    help: "Test-mode calls made through a listener: over this instance's socket or relayed to another's, answered or not",
    labelNames: ['via', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly listenRefused = new Counter({
    name: 'paysplit_listen_refused_total',
    help: 'Listen handshakes refused and listen sockets closed for what their client did',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'paysplit_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveryLatency = new Histogram({
    name: 'paysplit_webhook_delivery_latency_seconds',
    help: 'From the event being written to its successful delivery',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300, 3600],
    registers: [this.registry],
  });

  readonly jobAttempts = new Counter({
    name: 'paysplit_job_attempts_total',
    help: 'Job attempts by kind and outcome (done, retry, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'paysplit_job_duration_seconds',
    help: 'How long one attempt of a job took, by kind',
    labelNames: ['kind'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobsInFlight = new Gauge({
    name: 'paysplit_job_in_flight',
    help: 'Jobs this instance is working on, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly jobsReclaimed = new Counter({
    name: 'paysplit_job_reclaimed_total',
    help: 'Claims taken over from an instance that died or whose lease ran out, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly jobClaimsLost = new Counter({
    name: 'paysplit_job_lost_claims_total',
    help: 'Attempts whose claim had been taken over before they finished (their result was discarded), by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly exportsRunning = new Gauge({
    name: 'paysplit_exports_running',
    help: 'Reconciliation exports streaming from this instance now',
    registers: [this.registry],
  });

  readonly exportsWaiting = new Gauge({
    name: 'paysplit_exports_waiting',
    help: 'Reconciliation exports paused until their client reads what was sent (nothing is read from the database meanwhile)',
    registers: [this.registry],
  });

  readonly exportRows = new Counter({
    name: 'paysplit_export_rows_total',
    help: 'Rows written by reconciliation exports, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly exportsEnded = new Counter({
    name: 'paysplit_exports_ended_total',
    help: 'Reconciliation exports once streaming, by how they ended: completed, client_gone, stalled (read nothing for EXPORT_STALL_TIMEOUT_MS), failed',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Counts the webhook deliveries not finished yet, by status (the webhooks module's, set by createApp). */
  private countBacklog: (em: EntityManager) => Promise<{ status: string; n: string }[]> = async () => [];

  /** Where the outbox backlog gauge reads its counts. */
  observeOutboxBacklog(count: (em: EntityManager) => Promise<{ status: string; n: string }[]>): void {
    this.countBacklog = count;
  }

  constructor(orm: MikroORM) {
    collectDefaultMetrics({ register: this.registry, prefix: 'paysplit_' });
    // Scrapes are answered from a count at most BACKLOG_REFRESH_MS old, so however often (or by
    // however many scrapers) /metrics is read, the database sees one count per interval.
    let backlog: { at: number; rows: Promise<{ status: string; n: string }[]> } | undefined;
    const readBacklog = (): Promise<{ status: string; n: string }[]> => {
      if (!backlog || Date.now() - backlog.at >= BACKLOG_REFRESH_MS) {
        backlog = {
          at: Date.now(),
          rows: this.countBacklog(orm.em).catch(() => []),
        };
      }
      return backlog.rows;
    };
    new Gauge({
      name: 'paysplit_outbox_backlog',
      help: `Webhook deliveries waiting to be sent or retried (counted at most every ${BACKLOG_REFRESH_MS / 1000} s)`,
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await readBacklog();
        this.reset();
        for (const row of rows) this.set({ status: row.status }, Number(row.n));
      },
    });
    new Gauge({
      name: 'paysplit_db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const connections = poolConnections(orm);
        if (!connections) return;
        this.set({ state: 'used' }, connections.used);
        this.set({ state: 'free' }, connections.free);
        this.set({ state: 'waiting' }, connections.waiting);
      },
    });
  }

  /** The live updates' figures (docs/operations.md, "Live updates"), read from the fan-out at each scrape. */
  observeLiveUpdates(stats: () => FanoutStats): void {
    new Gauge({
      name: 'paysplit_live_subscriptions',
      help: 'Live-updates subscriptions (graphql-ws) open on this instance',
      registers: [this.registry],
      collect() {
        this.set(stats().subscriptions);
      },
    });
    const counters = [
      [
        'paysplit_live_session_reads_total',
        'Session reads made for live pushes (one per change per instance, and one for pages that subscribe together)',
        'reads',
      ],
      ['paysplit_live_pushes_total', 'Session views handed to live subscriptions', 'pushes'],
      ['paysplit_live_closed_slow_total', 'Sockets closed for leaving more than LIVE_SEND_BUFFER_BYTES unread', 'closedAsSlow'],
      ['paysplit_live_refused_total', 'Subscriptions refused with TOO_MANY_SUBSCRIPTIONS', 'refused'],
    ] as const;
    for (const [name, help, field] of counters) {
      // A gauge read from a counter that only grows: prom-client counters cannot be set.
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(stats()[field]);
        },
      });
    }
  }

  /** The request log's figures (docs/operations.md, "The request log"), read from its writer at each scrape. */
  observeRequestLog(stats: () => RequestLogStats): void {
    // Gauges read from the writer's counts (prom-client counters cannot be set), as for the live updates.
    const figures = [
      [
        'paysplit_request_log_recorded_total',
        'Merchant API requests taken into the request log buffer',
        (s: RequestLogStats) => s.recorded,
      ],
      ['paysplit_request_log_written_total', 'Request log rows written to the database', (s: RequestLogStats) => s.written],
      ['paysplit_request_log_buffered', 'Request log rows waiting to be written', (s: RequestLogStats) => s.buffered],
      [
        'paysplit_request_log_buffered_bytes',
        'Memory the waiting request log rows take (estimated)',
        (s: RequestLogStats) => s.bufferedBytes,
      ],
    ] as const;
    for (const [name, help, read] of figures) {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read(stats()));
        },
      });
    }
    new Gauge({
      name: 'paysplit_request_log_dropped_total',
      help: 'Merchant API requests not kept: the buffer was full (REQUEST_LOG_BUFFER_MB), or their batch could not be written',
      labelNames: ['reason'] as const,
      registers: [this.registry],
      collect() {
        const now = stats();
        this.set({ reason: 'buffer_full' }, now.droppedBufferFull);
        this.set({ reason: 'write_failed' }, now.droppedWriteFailed);
      },
    });
  }

  /** Times every request under its route pattern (never the raw URL: ids would explode the labels). */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const end = this.httpDuration.startTimer();
      res.on('finish', () => {
        const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
        end({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }
}
