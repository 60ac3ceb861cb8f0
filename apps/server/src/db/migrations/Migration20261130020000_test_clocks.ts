import { Migration } from '@mikro-orm/migrations';

/**
 * Test clocks: a test-mode session's frozen time once it has been advanced (null: real time; a
 * live session never has one), and the session's clock when each email was written. The sweeps
 * find sessions with a clock by their own time through a small partial index. Additive: a previous
 * version ignores both columns.
 */
export class Migration20261130020000_test_clocks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "session" add column "test_clock_at" timestamptz null;`);
    this.addSql(`alter table "session" add constraint "session_test_clock_check" check (test_clock_at is null or mode = 'test');`);
    this.addSql(
      `create index "session_test_clock_due_index" on "session" ("expires_at") where test_clock_at is not null and status in ('unconfigured', 'open', 'partially_paid');`,
    );
    this.addSql(`alter table "email_message" add column "session_clock_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "email_message" drop column "session_clock_at";`);
    this.addSql(`drop index "session_test_clock_due_index";`);
    this.addSql(`alter table "session" drop constraint "session_test_clock_check";`);
    this.addSql(`alter table "session" drop column "test_clock_at";`);
  }
}
