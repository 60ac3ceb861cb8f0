import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18: the sessions explorer pages by keyset, `(created_at, id) < (cursor)` newest first. An
 * index ending in (created_at, id) turns that into one index range, so a deep page costs what the
 * first one does; the id makes the order total (sessions created in the same microsecond).
 *
 * - every session, newest first (operators without an integration filter): (created_at, id);
 * - one integration's sessions (the integration filter, a merchant user's scope): the existing
 *   (integration_id, created_at) gains id. Its prefix serves what session_integration_id_index
 *   served (foreign-key lookups, cascades), so that one goes: the session insert, the hot write,
 *   maintains as many indexes as before plus two (measured: docs/benchmarks.md);
 * - an amount range in one currency (amounts compare only within one): (currency, amount_minor),
 *   which the planner takes over the newest-first walk when the range is narrow.
 *
 * Plain CREATE INDEX (migrations run in a transaction): on a large table, build the indexes
 * CONCURRENTLY by hand before deploying (docs/operations.md).
 */
export class Migration20261125120000_explorer_keyset_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "session_created_index" on "session" ("created_at", "id");`);
    this.addSql(`create index if not exists "session_integration_created_id_index" on "session" ("integration_id", "created_at", "id");`);
    this.addSql(`drop index "session_integration_created_index";`);
    this.addSql(`alter index "session_integration_created_id_index" rename to "session_integration_created_index";`);
    this.addSql(`drop index "session_integration_id_index";`);
    this.addSql(`create index if not exists "session_currency_amount_index" on "session" ("currency", "amount_minor");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "session_currency_amount_index";`);
    this.addSql(`create index "session_integration_id_index" on "session" ("integration_id");`);
    this.addSql(`drop index "session_integration_created_index";`);
    this.addSql(`create index "session_integration_created_index" on "session" ("integration_id", "created_at");`);
    this.addSql(`drop index "session_created_index";`);
  }
}
