import { Migration } from '@mikro-orm/migrations';

/**
 * Calls PaySplit makes to the merchant about one payment (docs/plans/hold-then-charge.md): for
 * now the signed `partner.payment.cancel`, which tells the merchant that a checkout will not be
 * used, so nobody can pay it any more. One table for the kinds of call, shaped like `refund` (its
 * row is the job, every attempt kept beside it). `payment_call_one_active` allows each payment at
 * most one call of a kind that has not failed, whatever races above it. Integrations gain
 * `partner_cancel_url`; without one nothing is called. Additive only: a previous version keeps
 * running beside it.
 */
export class Migration20261127010000_payment_calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "integration" add column "partner_cancel_url" text null;`);
    this.addSql(
      `create table "payment_call" ("id" uuid not null, "session_id" uuid not null, "payment_id" uuid not null, "payer_id" uuid not null,
        "kind" text not null, "reason" text not null, "amount_minor" bigint not null, "currency" text not null,
        "status" text not null default 'pending', "processor_call_reference" text null, "failure_reason" text null,
        "call_status" text not null default 'due', "attempt_count" int not null default 0, "next_attempt_at" timestamptz not null,
        "claimed_until" timestamptz null, "claimed_by" uuid null,
        "created_at" timestamptz not null, "settled_at" timestamptz null, "updated_at" timestamptz not null,
        constraint "payment_call_pkey" primary key ("id"),
        constraint "payment_call_amount_check" check (amount_minor > 0));`,
    );
    this.addSql(`create index "payment_call_session_id_index" on "payment_call" ("session_id");`);
    this.addSql(`create index "payment_call_payment_id_index" on "payment_call" ("payment_id");`);
    this.addSql(`create index "payment_call_due_index" on "payment_call" ("next_attempt_at") where call_status in ('due', 'calling');`);
    this.addSql(`create unique index "payment_call_one_active" on "payment_call" ("payment_id", "kind") where status <> 'failed';`);
    this.addSql(
      `alter table "payment_call" add constraint "payment_call_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "payment_call" add constraint "payment_call_payment_id_foreign" foreign key ("payment_id") references "payment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "payment_call_attempt" ("id" uuid not null, "call_id" uuid not null, "attempt" int not null, "started_at" timestamptz not null,
        "duration_ms" int not null, "http_status" int null, "outcome" text not null, "excerpt" text null,
        constraint "payment_call_attempt_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "payment_call_attempt_call_id_index" on "payment_call_attempt" ("call_id");`);
    this.addSql(
      `alter table "payment_call_attempt" add constraint "payment_call_attempt_call_id_foreign" foreign key ("call_id") references "payment_call" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_call_attempt" cascade;`);
    this.addSql(`drop table if exists "payment_call" cascade;`);
    this.addSql(`alter table "integration" drop column "partner_cancel_url";`);
  }
}
