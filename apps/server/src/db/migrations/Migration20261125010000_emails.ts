import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19: emails to payers. `email_message` is the mail outbox (one row per message, unique per
 * session, participant, kind and reason so one reason never sends twice), `email_attempt` each SMTP
 * try. Integrations get their reminder schedule; participants the time they unsubscribed from a
 * session's reminders; sessions the time their personal data was erased.
 */
export class Migration20261125010000_emails extends Migration {
  override async up(): Promise<void> {
    // The default fills existing integrations only; new ones get theirs from the entity.
    this.addSql(`alter table "integration" add column "reminder_offsets_minutes" jsonb not null default '[1440, 120]';`);
    this.addSql(`alter table "integration" alter column "reminder_offsets_minutes" drop default;`);
    this.addSql(`alter table "participant" add column "email_unsubscribed_at" timestamptz null;`);
    this.addSql(`alter table "session" add column "emails_erased_at" timestamptz null;`);
    this.addSql(
      `create table "email_message" ("id" uuid not null, "session_id" uuid not null, "participant_id" uuid null, "kind" text not null, "reason" text not null, "recipient" text null, "status" text not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "sent_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "email_message_pkey" primary key ("id"), constraint "email_message_kind_check" check ("kind" in ('invitation', 'reminder', 'receipt', 'completion')), constraint "email_message_status_check" check ("status" in ('queued', 'sending', 'sent', 'failed', 'cancelled')));`,
    );
    this.addSql(
      `create unique index "email_message_one_per_reason" on "email_message" ("session_id", coalesce("participant_id", '00000000-0000-0000-0000-000000000000'::uuid), "kind", "reason");`,
    );
    this.addSql(`create index "email_message_participant_id_index" on "email_message" ("participant_id");`);
    this.addSql(`create index "email_message_due_index" on "email_message" ("next_attempt_at") where status in ('queued', 'sending');`);
    this.addSql(
      `create table "email_attempt" ("id" uuid not null, "message_id" uuid not null, "attempt" int not null, "started_at" timestamptz not null, "duration_ms" int not null, "outcome" text not null, "excerpt" text null, constraint "email_attempt_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "email_attempt_message_id_index" on "email_attempt" ("message_id");`);
    this.addSql(
      `alter table "email_message" add constraint "email_message_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "email_message" add constraint "email_message_participant_id_foreign" foreign key ("participant_id") references "participant" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "email_attempt" add constraint "email_attempt_message_id_foreign" foreign key ("message_id") references "email_message" ("id") on update cascade on delete cascade;`,
    );
    // The erasure sweep looks for ended sessions whose emails are not erased yet.
    this.addSql(
      `create index "session_emails_to_erase_index" on "session" ("updated_at") where emails_erased_at is null and status in ('completed', 'expired', 'cancelled');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "session_emails_to_erase_index";`);
    this.addSql(`drop table if exists "email_attempt";`);
    this.addSql(`drop table if exists "email_message";`);
    this.addSql(`alter table "session" drop column "emails_erased_at";`);
    this.addSql(`alter table "participant" drop column "email_unsubscribed_at";`);
    this.addSql(`alter table "integration" drop column "reminder_offsets_minutes";`);
  }
}
