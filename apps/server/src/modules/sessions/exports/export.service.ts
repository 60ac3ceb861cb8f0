import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_COLUMNS, type ExportKind, type ExportRange, formatMinorUnits, requireCurrency } from '@paysplit/domain';
import type { ExportPage, ExportPosition, ExportRepository, ExportScope, ExportSqlRow } from './export.repository.js';

export type { ExportScope } from './export.repository.js';

/** One row of an export: its columns in the export's order (EXPORT_COLUMNS), null where empty. */
export type ExportRecord = Record<string, string | boolean | null>;

export interface ExportRequest {
  kind: ExportKind;
  scope: ExportScope;
  range: ExportRange;
}

type Settled = { page: ExportPage } | { error: unknown };

/** Makes a kind's records from its rows: the stored columns as read, major units from minor ones, fees empty. */
function recordMaker(kind: ExportKind): (row: ExportSqlRow) => ExportRecord {
  const columns = EXPORT_COLUMNS[kind];
  const exponents = new Map<string, number>();
  const exponentOf = (currency: string): number => {
    let exponent = exponents.get(currency);
    if (exponent === undefined) exponents.set(currency, (exponent = requireCurrency(currency).exponent));
    return exponent;
  };
  return (row) => {
    const record: ExportRecord = {};
    for (const column of columns) {
      if (column.type === 'fee') record[column.name] = null;
      else if (column.type === 'major') {
        const minor = row[`${column.name}_minor`];
        record[column.name] = typeof minor === 'string' ? formatMinorUnits(BigInt(minor), exponentOf(row.currency as string)) : null;
      } else record[column.name] = row[column.name] ?? null;
    }
    return record;
  };
}

/**
 * The reconciliation exports (docs/exports.md): an integration's rows of one kind created in a
 * range, oldest first, as pages of records. The next page is read while the caller writes the
 * current one, so at most two pages are in memory whatever the export's size, and a caller that
 * stops asking (a client that went away) stops the reads.
 */
export class ExportService {
  constructor(
    private readonly options: {
      exports: ExportRepository;
      /** Rows per page (EXPORT_PAGE_ROWS). */
      pageRows: number;
    },
  ) {}

  /** The pages of one export, read on `em` (the dashboards' pool, with its statement_timeout). */
  async *pages(em: EntityManager, request: ExportRequest): AsyncGenerator<ExportRecord[], void, undefined> {
    const toRecord = recordMaker(request.kind);
    // Settled at once, awaited later: a read that fails while the caller is still writing is not an unhandled rejection.
    const read = (after: ExportPosition | undefined): Promise<Settled> =>
      this.options.exports.page(em, request.kind, request.scope, request.range, after, this.options.pageRows).then(
        (page) => ({ page }),
        (error: unknown) => ({ error }),
      );
    let pending: Promise<Settled> | undefined = read(undefined);
    while (pending) {
      const settled: Settled = await pending;
      if ('error' in settled) throw settled.error;
      const page: ExportPage = settled.page;
      pending = page.next ? read(page.next) : undefined;
      yield page.rows.map(toRecord);
    }
  }
}
