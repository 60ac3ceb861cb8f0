import { Migration } from '@mikro-orm/migrations';

/**
 * Reconciliation exports read payments, captures and releases (payment_call by kind) and refunds in
 * creation order by keyset pages, (created_at, id) > the last row's: each of these indexes makes a
 * page one short range however many rows the table keeps. Sessions already have one per integration
 * (session_integration_created_index). Additive: a previous version ignores them.
 */
export class Migration20261130040000_export_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "payment_created_index" on "payment" ("created_at", "id");`);
    this.addSql(`create index "payment_call_kind_created_index" on "payment_call" ("kind", "created_at", "id");`);
    this.addSql(`create index "refund_created_index" on "refund" ("created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "payment_created_index";`);
    this.addSql(`drop index "payment_call_kind_created_index";`);
    this.addSql(`drop index "refund_created_index";`);
  }
}
