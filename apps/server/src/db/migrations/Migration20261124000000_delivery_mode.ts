import { Migration } from '@mikro-orm/migrations';

/**
 * Each delivery carries its mode in a column of its own. The dispatcher used to read it from the
 * event body and fell back to the test-mode outbound rules (no private-address guard) when it
 * could not: a guard that failed open. Now the live rules apply unless this column says test.
 */
export class Migration20261124000000_delivery_mode extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" add column "mode" text null;`);
    // Session events take their session's mode; an event without a session (the administration
    // area's SERVICE_TEST_EVENT) is a test event. Anything else stays live.
    this.addSql(`update "webhook_delivery" d
                    set "mode" = coalesce(s."mode", case when e."session_id" is null then 'test' else 'live' end)
                   from "webhook_event" e left join "session" s on s."id" = e."session_id"
                  where e."id" = d."event_id";`);
    this.addSql(`update "webhook_delivery" set "mode" = 'live' where "mode" is null;`);
    this.addSql(`alter table "webhook_delivery" alter column "mode" set not null;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_mode_check" check ("mode" in ('test', 'live'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop column "mode";`);
  }
}
