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
  /** After the last key this page read; undefined once fewer than `limit` were left in the range. */
  next: ExportPosition | undefined;
}

const instant = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface KindSql {
  /** The table paged through, as `t`. */
  table: 'session' | 'payment' | 'payment_call' | 'refund';
  /** What its rows join (`s` the session, `p` the payment), with the rows of the page. */
  joins?: string;
  /** Every column the kind stores, by export name (major and fee columns are made from these). */
  columns: Readonly<Record<string, string>>;
  /** Which rows of the table are this kind's (payment_call: captures or cancels). */
  kind?: string;
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

const CALL_JOINS = 'join payment p on p.id = t.payment_id join session s on s.id = t.session_id';

/**
 * Each kind's SQL: its columns by export name, read as text so nothing is parsed on the way out
 * (bigints stay digits, instants are formatted by PostgreSQL in UTC with milliseconds).
 */
const KIND_SQL: Readonly<Record<ExportKind, KindSql>> = {
  sessions: {
    table: 'session',
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
    table: 'payment',
    joins: 'join session s on s.id = t.session_id',
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
    table: 'payment_call',
    joins: CALL_JOINS,
    kind: 'capture',
    columns: { ...CALL, capture_id: 't.id::text', processor_capture_reference: 't.processor_call_reference' },
  },
  releases: {
    table: 'payment_call',
    joins: CALL_JOINS,
    kind: 'cancel',
    columns: {
      ...CALL,
      cancel_id: 't.id::text',
      processor_cancel_reference: 't.processor_call_reference',
      reason: 't.reason',
      held: `(p.capture_method = 'manual' and p.authorized_at is not null)`,
    },
  },
  refunds: {
    table: 'refund',
    joins: CALL_JOINS,
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

/** A row's key as the next page's start: its creation instant with microseconds, and its id. */
const cursorOf = (alias: string) =>
  `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursor_at", ${alias}.id::text as "cursor_id"`;

/**
 * The reconciliation exports' reads: one integration's rows of one kind, created in [from, to),
 * oldest first, a page at a time. No connection, cursor or snapshot is held between pages.
 *
 * Sessions carry their integration: a page is one range of (integration_id, created_at, id) after
 * the last row's key. Payments, calls and refunds reach theirs through their session, and a plan
 * that starts from the integration's sessions would gather and sort all of their rows for every
 * page. So a page first takes the next `limit` keys of the kind in the range, whoever's, from the
 * (…, created_at, id) index (a materialized window: always that plan), then reads the rows of this
 * integration and mode among them. A page may hold fewer rows than it scanned; the next one starts
 * after the last key scanned, so each costs what the first does and the whole export reads every
 * integration's keys in the range once.
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
    const { table, joins, kind: callKind } = KIND_SQL[kind];
    const inRange = ['t.created_at >= ?', 't.created_at < ?'];
    const rangeParameters: unknown[] = [range.from, range.to];
    if (after) {
      inRange.push('(t.created_at, t.id) > (?::timestamptz, ?::uuid)');
      rangeParameters.push(after.at, after.id);
    }
    if (table === 'session') {
      const rows = await em.getConnection().execute<KeyedRow[]>(
        `select ${SELECT_LISTS[kind]}, ${cursorOf('t')}
           from session t
          where t.integration_id = ? and t.mode = ? and ${inRange.join(' and ')}
          order by t.created_at, t.id
          limit ?`,
        [scope.integrationId, scope.mode, ...rangeParameters, limit],
      );
      return { rows, next: rows.length === limit ? positionOf(rows.at(-1)!) : undefined };
    }
    if (callKind) inRange.unshift('t.kind = ?');
    const scanned = await em.getConnection().execute<(KeyedRow & { mine: boolean })[]>(
      `with scanned as materialized (
         select t.id, t.created_at from ${table} t
          where ${inRange.join(' and ')}
          order by t.created_at, t.id
          limit ?
       )
       select ${cursorOf('w')}, page.*
         from scanned w
         left join lateral (
           select true as "mine", ${SELECT_LISTS[kind]}
             from ${table} t ${joins ?? ''}
            where t.id = w.id and s.integration_id = ? and s.mode = ?
         ) page on true
        order by w.created_at, w.id`,
      [...(callKind ? [callKind] : []), ...rangeParameters, limit, scope.integrationId, scope.mode],
    );
    return {
      rows: scanned.filter((row) => row.mine === true),
      next: scanned.length === limit ? positionOf(scanned.at(-1)!) : undefined,
    };
  }
}

type KeyedRow = ExportSqlRow & { cursor_at: string; cursor_id: string };

function positionOf(row: KeyedRow): ExportPosition {
  return { at: row.cursor_at, id: row.cursor_id };
}
