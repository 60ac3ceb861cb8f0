import { Migration } from '@mikro-orm/migrations';

/**
 * Everyone hears about their money: integrations get the time zone their emails give times in;
 * the mail outbox gets the kinds of every money event (refunds, endings, covered shares) and the
 * host's way back; `host_sign_in` holds the single-use, short-lived sign-in links a host asks for
 * to reach their split on another device (only a hash of each link's code is kept).
 */
export class Migration20261127000000_money_emails_and_host_return extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "integration" add column "time_zone" text not null default 'UTC';`);
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(
      `alter table "email_message" add constraint "email_message_kind_check" check ("kind" in ('invitation', 'reminder', 'receipt', 'completion', 'share-covered', 'refund', 'cancellation', 'expiry', 'host-welcome', 'host-sign-in'));`,
    );
    this.addSql(
      `create table "host_sign_in" ("id" uuid not null, "session_id" uuid not null, "code_hash" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "host_sign_in_pkey" primary key ("id"), constraint "host_sign_in_code_hash_unique" unique ("code_hash"));`,
    );
    this.addSql(`create index "host_sign_in_session_created_index" on "host_sign_in" ("session_id", "created_at");`);
    this.addSql(
      `alter table "host_sign_in" add constraint "host_sign_in_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "host_sign_in";`);
    this.addSql(`delete from "email_message" where "kind" not in ('invitation', 'reminder', 'receipt', 'completion');`);
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(
      `alter table "email_message" add constraint "email_message_kind_check" check ("kind" in ('invitation', 'reminder', 'receipt', 'completion'));`,
    );
    this.addSql(`alter table "integration" drop column "time_zone";`);
  }
}
