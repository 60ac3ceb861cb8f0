import { Migration } from '@mikro-orm/migrations';

/** Event subscriptions, refunds owed, the host covering the rest, and an index for the expiry job. */
export class Migration20261123020000_lifecycle extends Migration {
  override async up(): Promise<void> {
    // Existing integrations keep getting completion events only, as before.
    this.addSql(`alter table "integration" add column "event_subscriptions" jsonb null;`);
    this.addSql(`update "integration" set "event_subscriptions" = '["SERVICE_SESSION_COMPLETED"]';`);
    this.addSql(`alter table "integration" alter column "event_subscriptions" set not null;`);
    this.addSql(
      `create index "session_expiry_due_index" on "session" ("expires_at") where status in ('unconfigured', 'open', 'partially_paid');`,
    );
    this.addSql(`alter table "participant" add column "covered_by_payment_id" uuid null;`);
    this.addSql(`alter table "payment" add column "refunded_at" timestamptz null, add column "covers_participant_ids" jsonb null;`);
  }
}
