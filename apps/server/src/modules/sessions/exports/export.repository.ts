import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_COLUMNS, type ExportKind, type ExportRange } from '@paysplit/domain';

/** Whose rows: one integration's, in the mode of the key (or the one an administrator chose). */
export interface ExportScope {
  integrationId: string;
  mode: 'test' | 'live';
}

/** Where the next page starts: strictly after this row in (created_at, id) order; `at` has microseconds. */
export interface ExportPosition {
  at: string;
  id: string;
}

/** One row as the database gives it: every stored column as text (or a boolean), by its export name. */
export type ExportSqlRow = Record<string, string | boolean | null>;

export interface ExportPage {
  rows: ExportSqlRow[];
  /** After the last row; undefined when the page was not full (nothing more in the range). */
  next: ExportPosition | undefined;
}

const instant = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface KindSql {
  /** `t` is the table paged through; `s` its session (sessions: `t` itself). */
  from: string;
  session?: 't';
  /** Every column the kind stores, by export name (major and fee columns are made from these). */
  columns: Readonly<Record<string, string>>;
  condition?: string;
}

const CHILD_OF_SESSION = {
  session_id: 't.session_id::text',
  order_reference: 's.order_reference',
  mode: 's.mode',
  currency: 's.currency',
  created_at: instant('t.created_at'),
};

const CALL = {
  ...CHILD_OF_SESSION,
  payment_id: 't.payment_id::text',
  participant_id: 't.payer_id::text',
  processor_reference: 'p.processor_reference',
  status: 't.status',
  failure_reason: 't.failure_reason',
  amount_minor: 't.amount_minor::text',
  settled_at: instant('t.settled_at'),
};

const CALL_FROM = 'payment_call t join payment p on p.id = t.payment_id join session s on s.id = t.session_id';

/**
 * Each kind's SQL: its columns by export name, read as text so nothing is parsed on the way out
 * (bigints stay digits, instants are formatted by PostgreSQL in UTC with milliseconds).
 */
const KIND_SQL: Readonly<Record<ExportKind, KindSql>> = {
  sessions: {
    from: 'session t',
    session: 't',
    columns: {
      session_id: 't.id::text',
      order_reference: 't.order_reference',
      mode: 't.mode',
      capture_method: 't.capture_method',
      status: 't.status',
      currency: 't.currency',
      amount_minor: 't.amount_minor::text',
      paid_minor: 't.paid_minor::text',
      refunded_minor: 't.refunded_minor::text',
      created_at: instant('t.created_at'),
      completed_at: instant('t.completed_at'),
      expires_at: instant('t.expires_at'),
    },
  },
  payments: {
    from: 'payment t join session s on s.id = t.session_id',
    columns: {
      ...CHILD_OF_SESSION,
      payment_id: 't.id::text',
      participant_id: 't.payer_id::text',
      payer_role: 't.payer_role',
      processor_reference: 't.processor_reference',
      capture_method: 't.capture_method',
      status: 't.status',
      refund_required: 't.refund_required',
      duplicate_of: 't.duplicate_of::text',
      amount_minor: 't.amount_minor::text',
      refunded_minor: 't.refunded_minor::text',
      authorized_at: instant('t.authorized_at'),
      captured_at: instant('t.captured_at'),
      released_at: instant('t.released_at'),
    },
  },
  captures: {
    from: CALL_FROM,
    condition: `t.kind = 'capture'`,
    columns: { ...CALL, capture_id: 't.id::text', processor_capture_reference: 't.processor_call_reference' },
  },
  releases: {
    from: CALL_FROM,
    condition: `t.kind = 'cancel'`,
    columns: {
      ...CALL,
      cancel_id: 't.id::text',
      processor_cancel_reference: 't.processor_call_reference',
      reason: 't.reason',
      held: `(p.capture_method = 'manual' and p.authorized_at is not null)`,
    },
  },
  refunds: {
    from: 'refund t join payment p on p.id = t.payment_id join session s on s.id = t.session_id',
    columns: {
      ...CALL,
      refund_id: 't.id::text',
      processor_refund_reference: 't.processor_refund_reference',
      source: 't.source',
      purpose: 't.purpose',
      reason: 't.reason',
    },
  },
};

/** The stored columns of a kind, in the export's order: what the page statement selects. */
function selectList(kind: ExportKind): string {
  const sql = KIND_SQL[kind].columns;
  return EXPORT_COLUMNS[kind]
    .filter((column) => column.type !== 'major' && column.type !== 'fee')
    .map((column) => {
      const expression = sql[column.name];
      if (expression === undefined) throw new Error(`Export ${kind}: no SQL for column ${column.name}`);
      return `${expression} as "${column.name}"`;
    })
    .join(', ');
}

const SELECT_LISTS = Object.fromEntries(Object.keys(KIND_SQL).map((kind) => [kind, selectList(kind as ExportKind)])) as Record<
  ExportKind,
  string
>;

/**
 * The reconciliation exports' reads: one integration's rows of one kind, created in [from, to),
 * oldest first, a page at a time. Each page is one statement whose keyset condition
 * `(t.created_at, t.id) > (…)` continues a range on the kind's (…, created_at, id) index, so page
 * 500 costs what page 1 does and no connection, cursor or snapshot is held between pages.
 */
export class ExportRepository {
  async page(
    em: EntityManager,
    kind: ExportKind,
    scope: ExportScope,
    range: ExportRange,
    after: ExportPosition | undefined,
    limit: number,
  ): Promise<ExportPage> {
    const { from, condition, session = 's' } = KIND_SQL[kind];
    const conditions = [`${session}.integration_id = ?`, `${session}.mode = ?`, 't.created_at >= ?', 't.created_at < ?'];
    const parameters: unknown[] = [scope.integrationId, scope.mode, range.from, range.to];
    if (condition) conditions.push(condition);
    if (after) {
      conditions.push('(t.created_at, t.id) > (?::timestamptz, ?::uuid)');
      parameters.push(after.at, after.id);
    }
    const sql = `select ${SELECT_LISTS[kind]},
                        to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursor_at", t.id::text as "cursor_id"
                   from ${from}
                  where ${conditions.join(' and ')}
                  order by t.created_at, t.id
                  limit ?`;
    const rows = await em.getConnection().execute<(ExportSqlRow & { cursor_at: string; cursor_id: string })[]>(sql, [...parameters, limit]);
    const last = rows.at(-1);
    return {
      rows,
      next: rows.length === limit && last ? { at: last.cursor_at, id: last.cursor_id } : undefined,
    };
  }
}
