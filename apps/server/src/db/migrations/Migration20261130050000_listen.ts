import { Migration } from '@mikro-orm/migrations';

/**
 * `paysplit listen`: who holds each integration's listener, and the calls relayed to the instance
 * holding it (listen/). Both tables hold only what is in flight. Additive: a previous version ignores them.
 */
export class Migration20261130050000_listen extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "listen_connection" ("integration_id" uuid not null, "listener_id" uuid not null, "instance_id" uuid not null, "connected_at" timestamptz not null, "seen_at" timestamptz not null, constraint "listen_connection_pkey" primary key ("integration_id"));`,
    );
    this.addSql(
      `create table "listen_call" ("id" uuid not null, "listener_id" uuid not null, "request" jsonb not null, "answer" jsonb null, "taken_at" timestamptz null, "created_at" timestamptz not null, constraint "listen_call_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "listen_call_listener_id_index" on "listen_call" ("listener_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "listen_call" cascade;`);
    this.addSql(`drop table if exists "listen_connection" cascade;`);
  }
}
