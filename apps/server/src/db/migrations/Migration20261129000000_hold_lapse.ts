import { Migration } from '@mikro-orm/migrations';

/**
 * The hold-expiry sweep (captureMethod manual) looks for counted holds about to lapse every
 * EXPIRY_SWEEP_MS: a partial index keeps that to the few rows held now, however many payments the
 * table keeps. Additive: a previous version ignores it.
 */
export class Migration20261129000000_hold_lapse extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "payment_hold_lapse_index" on "payment" ("hold_expires_at") where status = 'authorized' and capture_method = 'manual' and refund_required = false;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "payment_hold_lapse_index";`);
  }
}
