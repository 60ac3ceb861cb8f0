import { AppError, ErrorCode, isUuid } from '@paysplit/domain';
import { MAX_PAGE_SIZE } from '../../graphql/query-limits.js';
import { PageInfo } from './explorer.types.js';

/**
 * The administration area's lists page by keyset, newest first on (at, id): stable while rows are
 * added, and a deep page costs what the first does. One cursor format and one page size rule for
 * every list (sessions, deliveries, the audit log, the request log).
 */

/**
 * A keyset position: rows strictly older than (at, id). `at` is an ISO 8601 instant in UTC with up
 * to microseconds (PostgreSQL's precision), so rows a millisecond apart or less are never skipped.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

export interface Page<T> {
  items: { cursor: string; node: T }[];
  hasNextPage: boolean;
}

/** Keyset cursors over (createdAt desc, id desc): stable while rows are added, O(page) to fetch. */
function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

/** An ISO 8601 instant in UTC, milliseconds (older cursors) to microseconds. */
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/** A date JavaScript would roll over (31 February) or PostgreSQL refuse (year 0) is no instant of ours. */
function isRealInstant(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() >= 1 && parsed.toISOString().slice(0, 19) === at.slice(0, 19);
}

export function decodeCursor(cursor: string | null | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !CURSOR_INSTANT.test(at) || !isRealInstant(at) || !id || !isUuid(id)) {
    throw new AppError(ErrorCode.ValidationError, 'after is not a cursor from this list', [{ path: 'after', message: 'unknown cursor' }]);
  }
  return { at, id };
}

export function pageSize(first: number | null | undefined): number {
  const size = first ?? 50;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new AppError(ErrorCode.ValidationError, `first must be 1 to ${MAX_PAGE_SIZE}`, [
      { path: 'first', message: `must be 1 to ${MAX_PAGE_SIZE}` },
    ]);
  }
  return size;
}

/** One row more than the page is fetched, to tell whether another page follows. */
export function toPage<T>(rows: T[], size: number, positionOf: (row: T) => KeysetPosition): Page<T> {
  return {
    items: rows.slice(0, size).map((row) => {
      const { at, id } = positionOf(row);
      return { cursor: encodeCursor(at, id), node: row };
    }),
    hasNextPage: rows.length > size,
  };
}

/** One shape for every connection: edges of (cursor, node) and the page info. */
export function toConnection<Row, Node, Connection>(
  page: Page<Row>,
  toNode: (row: Row) => Node,
  ConnectionType: new () => Connection,
  EdgeType: new () => { cursor: string; node: Node },
): Connection {
  return Object.assign(new ConnectionType() as object, {
    edges: page.items.map((item) => Object.assign(new EdgeType(), { cursor: item.cursor, node: toNode(item.node) })),
    pageInfo: Object.assign(new PageInfo(), { hasNextPage: page.hasNextPage, endCursor: page.items.at(-1)?.cursor ?? null }),
  }) as Connection;
}
