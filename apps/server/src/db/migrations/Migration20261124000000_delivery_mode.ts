import { Migration } from '@mikro-orm/migrations';

/**
 * Each delivery carries its mode in a column of its own. The dispatcher used to read it from the
 * event body and fell back to the test-mode outbound rules (no private-address guard) when it
 * could not: a guard that failed open. Now the live rules apply unless this column says test.
 *
 * Written to hold `webhook_delivery` (which the dispatchers are claiming from) as briefly as it can:
 * a column with a constant default is added without rewriting the table, only test rows are
 * updated, and the check is validated without blocking writes.
 */
export class Migration20261124000000_delivery_mode extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" add column "mode" text not null default 'live';`);
    // Session events take their session's mode; an event without a session (the administration
    // area's SERVICE_TEST_EVENT) is a test event.
    this.addSql(`update "webhook_delivery" d
                    set "mode" = 'test'
                   from "webhook_event" e left join "session" s on s."id" = e."session_id"
                  where e."id" = d."event_id" and (s."mode" = 'test' or e."session_id" is null);`);
    // New rows always say which mode they are (outbox.ts); the default only served the rows above.
    this.addSql(`alter table "webhook_delivery" alter column "mode" drop default;`);
    this.addSql(
      `alter table "webhook_delivery" add constraint "webhook_delivery_mode_check" check ("mode" in ('test', 'live')) not valid;`,
    );
    this.addSql(`alter table "webhook_delivery" validate constraint "webhook_delivery_mode_check";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop column "mode";`);
  }
}
