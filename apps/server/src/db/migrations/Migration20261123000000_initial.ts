import { Migration } from '@mikro-orm/migrations';

/** Integrations, API keys, sessions, participants and idempotency records. */
export class Migration20261123000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "integration" (
      "id" uuid not null, "name" text not null, "partner_create_payment_url" text null, "webhook_url" text null,
      "redirect_allowlist" jsonb not null, "enabled" boolean not null default true,
      "payout_onboarded" boolean not null default false, "partner_signing_secret_sealed" text not null,
      "webhook_signing_secret_sealed" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
      constraint "integration_pkey" primary key ("id"));`);

    this.addSql(`create table "api_key" (
      "id" uuid not null, "integration_id" uuid not null, "mode" text not null, "key_hash" text not null,
      "last4" text not null, "name" text null, "created_at" timestamptz not null, "last_used_at" timestamptz null,
      "revoked_at" timestamptz null, constraint "api_key_pkey" primary key ("id"));`);
    this.addSql(`create index "api_key_integration_id_index" on "api_key" ("integration_id");`);
    this.addSql(`alter table "api_key" add constraint "api_key_key_hash_unique" unique ("key_hash");`);

    this.addSql(`create table "session" (
      "id" uuid not null, "integration_id" uuid not null, "mode" text not null, "status" text not null,
      "currency" text not null, "amount_minor" bigint not null, "paid_minor" bigint not null default 0,
      "split_mode" text null, "host_token_hash" text not null, "order_reference" text null, "metadata" jsonb not null,
      "success_url" text null, "cancel_url" text null, "expires_at" timestamptz not null,
      "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null,
      constraint "session_pkey" primary key ("id"),
      constraint session_amounts_check check (amount_minor > 0 and paid_minor >= 0 and paid_minor <= amount_minor));`);
    this.addSql(`create index "session_integration_id_index" on "session" ("integration_id");`);
    this.addSql(`alter table "session" add constraint "session_host_token_hash_unique" unique ("host_token_hash");`);
    this.addSql(`create index "session_order_reference_index" on "session" ("order_reference");`);
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`);

    this.addSql(`create table "participant" (
      "id" uuid not null, "session_id" uuid not null, "position" int not null, "display_name" text not null,
      "email" text null, "is_host" boolean not null, "amount_minor" bigint not null,
      "status" text not null default 'pending', "token_hash" text null, "created_at" timestamptz not null,
      "updated_at" timestamptz not null, constraint "participant_pkey" primary key ("id"),
      constraint participant_amount_check check (amount_minor > 0));`);
    this.addSql(`alter table "participant" add constraint "participant_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "participant" add constraint "participant_session_id_position_unique" unique ("session_id", "position");`);

    this.addSql(`create table "idempotency_record" (
      "id" uuid not null, "integration_id" uuid not null, "key" text not null, "request_hash" text not null,
      "response_sealed" text null, "created_at" timestamptz not null, "expires_at" timestamptz not null,
      constraint "idempotency_record_pkey" primary key ("id"));`);
    this.addSql(`create index "idempotency_record_expires_at_index" on "idempotency_record" ("expires_at");`);
    this.addSql(
      `alter table "idempotency_record" add constraint "idempotency_record_integration_id_key_unique" unique ("integration_id", "key");`,
    );

    for (const [table, column, target] of [
      ['api_key', 'integration_id', 'integration'],
      ['session', 'integration_id', 'integration'],
      ['participant', 'session_id', 'session'],
      ['idempotency_record', 'integration_id', 'integration'],
    ] as const) {
      this.addSql(
        `alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on update cascade on delete cascade;`,
      );
    }
  }
}
