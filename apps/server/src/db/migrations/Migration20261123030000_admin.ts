import { Migration } from '@mikro-orm/migrations';

/** The administration area: accounts and their sign-ins, operator tokens, the audit log, payout onboarding and secret rotation. */
export class Migration20261123030000_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account" ("id" uuid not null, "email" text not null, "password_hash" text not null, "role" text not null, "must_change_password" boolean not null default false, "created_at" timestamptz not null, "password_changed_at" timestamptz not null, constraint "account_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "account" add constraint "account_email_unique" unique ("email");`);

    this.addSql(
      `create table "admin_login" ("id" uuid not null, "account_id" uuid not null, "token_hash" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, constraint "admin_login_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "admin_login_account_id_index" on "admin_login" ("account_id");`);
    this.addSql(`alter table "admin_login" add constraint "admin_login_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "admin_login" add constraint "admin_login_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "operator_token" ("id" uuid not null, "account_id" uuid not null, "name" text not null, "token_hash" text not null, "last4" text not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, constraint "operator_token_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "operator_token_account_id_index" on "operator_token" ("account_id");`);
    this.addSql(`alter table "operator_token" add constraint "operator_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "operator_token" add constraint "operator_token_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "audit_entry" ("id" uuid not null, "at" timestamptz not null, "actor_account_id" uuid null, "actor" text not null, "integration_id" uuid null, "action" text not null, "summary" text not null, "details" jsonb not null, constraint "audit_entry_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "audit_entry_at_index" on "audit_entry" ("at");`);
    this.addSql(`create index "audit_entry_integration_id_at_index" on "audit_entry" ("integration_id", "at");`);

    this.addSql(
      `alter table "integration" add column "owner_id" uuid null, add column "payout_legal_name" text null, add column "payout_bank_account_sealed" text null, add column "payout_bank_account_last4" text null, add column "payout_contact_email" text null, add column "payout_completed_at" timestamptz null, add column "partner_signing_secret_previous_sealed" text null, add column "partner_signing_secret_previous_until" timestamptz null, add column "partner_signing_secret_rotated_at" timestamptz null, add column "webhook_signing_secret_previous_sealed" text null, add column "webhook_signing_secret_previous_until" timestamptz null, add column "webhook_signing_secret_rotated_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "integration" add constraint "integration_owner_id_foreign" foreign key ("owner_id") references "account" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "integration_owner_id_index" on "integration" ("owner_id");`);
    this.addSql(`create index "session_integration_created_index" on "session" ("integration_id", "created_at");`);
    // Test events ("send test event") are about no session.
    this.addSql(`alter table "webhook_event" alter column "session_id" drop not null;`);
  }
}
