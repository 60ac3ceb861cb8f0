import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: refunds. A refund is part or all of one authorized payment going back, asked of the
 * merchant by the partner refund call (each attempt kept). The payment keeps the sums of its
 * refunds, and a CHECK makes "never more refunded than paid" a property of the table, whatever
 * races above it; the session keeps the sum refunded. Integrations gain partnerRefundUrl.
 */
export class Migration20261125020000_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "integration" add column "partner_refund_url" text null;`);
    this.addSql(
      `alter table "payment" add column "refund_reserved_minor" bigint not null default 0, add column "refunded_minor" bigint not null default 0;`,
    );
    this.addSql(
      `alter table "payment" add constraint "payment_refunds_check" check (refunded_minor >= 0 and refunded_minor <= refund_reserved_minor and refund_reserved_minor <= amount_minor);`,
    );
    this.addSql(`alter table "session" add column "refunded_minor" bigint not null default 0;`);
    this.addSql(`alter table "session" add constraint "session_refunded_check" check (refunded_minor >= 0);`);
    this.addSql(
      `create table "refund" ("id" uuid not null, "session_id" uuid not null, "payment_id" uuid not null, "payer_id" uuid not null,
        "amount_minor" bigint not null, "currency" text not null, "status" text not null default 'pending', "source" text not null,
        "reason" text null, "processor_refund_reference" text null, "failure_reason" text null,
        "call_status" text not null default 'due', "attempt_count" int not null default 0, "next_attempt_at" timestamptz not null,
        "claimed_until" timestamptz null, "created_at" timestamptz not null, "settled_at" timestamptz null, "updated_at" timestamptz not null,
        constraint "refund_pkey" primary key ("id"),
        constraint "refund_amount_check" check (amount_minor > 0));`,
    );
    this.addSql(`create index "refund_session_id_index" on "refund" ("session_id");`);
    this.addSql(`create index "refund_payment_id_index" on "refund" ("payment_id");`);
    this.addSql(`create index "refund_call_due_index" on "refund" ("next_attempt_at") where call_status in ('due', 'calling');`);
    this.addSql(
      `alter table "refund" add constraint "refund_session_id_foreign" foreign key ("session_id") references "session" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "refund" add constraint "refund_payment_id_foreign" foreign key ("payment_id") references "payment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "refund_call_attempt" ("id" uuid not null, "refund_id" uuid not null, "attempt" int not null, "started_at" timestamptz not null,
        "duration_ms" int not null, "http_status" int null, "outcome" text not null, "excerpt" text null,
        constraint "refund_call_attempt_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "refund_call_attempt_refund_id_index" on "refund_call_attempt" ("refund_id");`);
    this.addSql(
      `alter table "refund_call_attempt" add constraint "refund_call_attempt_refund_id_foreign" foreign key ("refund_id") references "refund" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "refund_call_attempt" cascade;`);
    this.addSql(`drop table if exists "refund" cascade;`);
    this.addSql(`alter table "session" drop constraint "session_refunded_check", drop column "refunded_minor";`);
    this.addSql(
      `alter table "payment" drop constraint "payment_refunds_check", drop column "refund_reserved_minor", drop column "refunded_minor";`,
    );
    this.addSql(`alter table "integration" drop column "partner_refund_url";`);
  }
}
