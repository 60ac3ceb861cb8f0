import { Migration } from '@mikro-orm/migrations';

/**
 * `captureMethod: manual` (docs/plans/hold-then-charge.md, slice 3): an integration may hold each
 * share and have PaySplit ask for the captures (`partner.payment.capture` to `partner_capture_url`)
 * once every share is held, for holds that last `hold_lifetime_seconds`. A session and each payment
 * keep the method they were made with, so changing the setting never moves a live session; a
 * payment records when its hold lapses, and when it was captured or released. The session status
 * `capturing` and the payment statuses `captured`, `capture_failed` and `released` are new values
 * of text columns, used by manual sessions only. Additive with defaults: every existing row stays
 * automatic, and a previous version keeps running beside it.
 */
export class Migration20261128010000_manual_capture extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "integration" add column "partner_capture_url" text null,
        add column "capture_method" text not null default 'automatic',
        add column "hold_lifetime_seconds" int not null default 604800;`,
    );
    this.addSql(`alter table "session" add column "capture_method" text not null default 'automatic';`);
    this.addSql(
      `alter table "payment" add column "capture_method" text not null default 'automatic',
        add column "hold_expires_at" timestamptz null,
        add column "captured_at" timestamptz null,
        add column "released_at" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "payment" drop column "released_at", drop column "captured_at", drop column "hold_expires_at", drop column "capture_method";`,
    );
    this.addSql(`alter table "session" drop column "capture_method";`);
    this.addSql(
      `alter table "integration" drop column "hold_lifetime_seconds", drop column "capture_method", drop column "partner_capture_url";`,
    );
  }
}
