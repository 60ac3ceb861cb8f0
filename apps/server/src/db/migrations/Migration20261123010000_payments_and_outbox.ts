import { Migration } from '@mikro-orm/migrations';

/** Payments, the webhook outbox (events, deliveries, attempts) and sessions' completion time. */
export class Migration20261123010000_payments_and_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "payment" ("id" uuid not null, "session_id" uuid not null, "participant_id" uuid null, "payer_id" uuid not null, "payer_role" text not null, "amount_minor" bigint not null, "status" text not null default 'creating', "redirect_url" text null, "failure_reason" text null, "processor_reference" text null, "refund_required" boolean not null default false, "record_replies" jsonb not null, "authorized_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "payment_pkey" primary key ("id"), constraint payment_amount_check check (amount_minor > 0));`,
    );
    this.addSql(`create index "payment_session_id_index" on "payment" ("session_id");`);
    this.addSql(`create index "payment_participant_id_index" on "payment" ("participant_id");`);
    this.addSql(
      `create unique index "payment_one_live_attempt" on "payment" ("participant_id") where status in ('creating', 'redirected');`,
    );
    this.addSql(
      `create table "webhook_event" ("id" uuid not null, "integration_id" uuid not null, "session_id" uuid not null, "type" text not null, "session_version" int not null, "body" text not null, "created_at" timestamptz not null, constraint "webhook_event_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_event_integration_id_index" on "webhook_event" ("integration_id");`);
    this.addSql(`create index "webhook_event_session_id_index" on "webhook_event" ("session_id");`);
    this.addSql(`create index "webhook_event_created_at_index" on "webhook_event" ("created_at");`);
    this.addSql(
      `create unique index "webhook_event_one_completion" on "webhook_event" ("session_id") where type = 'SERVICE_SESSION_COMPLETED';`,
    );
    this.addSql(
      `create table "webhook_delivery" ("id" uuid not null, "event_id" uuid not null, "url" text not null, "status" text not null default 'pending', "attempt_count" int not null default 0, "next_attempt_at" timestamptz not null, "claimed_until" timestamptz null, "delivered_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_delivery_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id");`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("status", "next_attempt_at");`);
    this.addSql(
      `create table "webhook_attempt" ("id" uuid not null, "delivery_id" uuid not null, "attempt_number" int not null, "started_at" timestamptz not null, "duration_ms" int not null, "status_code" int null, "response_excerpt" text null, "error" text null, constraint "webhook_attempt_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_attempt_delivery_id_index" on "webhook_attempt" ("delivery_id");`);
    this.addSql(
      `alter table "payment" add constraint "payment_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "payment" add constraint "payment_participant_id_foreign" foreign key ("participant_id") references "participant" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "webhook_event" add constraint "webhook_event_integration_id_foreign" foreign key ("integration_id") references "integration" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_event" add constraint "webhook_event_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "webhook_event" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "session" add column "completed_at" timestamptz null;`);
  }
}
