import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18: the sessions explorer's status filter. Without an index led by status, the first page
 * of "status OPEN" walks (created_at, id) newest first and skips every newer session in another
 * status: at 1.46 M sessions whose newest 211,085 were not open, that walk took 75 ms. With
 * (status, created_at, id) each status is one index range newest first, so a page reads its 50
 * rows whatever the other statuses hold (several statuses: one range each, merged;
 * `sessionListQuery`).
 *
 * Its write cost: every session insert and update writes one more index entry. No session update
 * was a HOT update before (updated_at is indexed, status is in two partial indexes' predicates),
 * so each already wrote an entry to every index; this adds one. Creation with the explorer's
 * indexes against the ones they replaced is measured in `BENCH_ONLY=explorer` (docs/benchmarks.md).
 *
 * Plain CREATE INDEX (migrations run in a transaction): on a large table, build it CONCURRENTLY
 * by hand before deploying (docs/operations.md).
 */
export class Migration20261126000000_explorer_status_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "session_status_created_index" on "session" ("status", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "session_status_created_index";`);
  }
}
