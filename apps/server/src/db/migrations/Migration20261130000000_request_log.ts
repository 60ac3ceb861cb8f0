import { Migration } from '@mikro-orm/migrations';

/**
 * The merchant API's request log (modules/requests): one row per request of an API-key route,
 * written in batches off the request's path and purged after REQUEST_LOG_RETENTION_DAYS.
 *
 * Plain ids, no foreign keys: a row is written for keys nobody issued too, and a foreign-key check
 * per row would cost every batch a lookup for a link nothing follows. The indexes are what the
 * administration area reads by, newest first on (at, id): one integration's requests, by status
 * class, one request id, one session's requests. `at` grows with the table, so the purge finds old
 * rows through a BRIN index, which costs the inserts next to nothing.
 */
export class Migration20261130000000_request_log extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "request_log" (
      "id" uuid not null default gen_random_uuid(),
      "at" timestamptz not null,
      "integration_id" uuid null,
      "api_key_id" uuid null,
      "mode" text null,
      "method" text not null,
      "path" text not null,
      "status" smallint not null,
      "status_class" smallint not null,
      "error_code" text null,
      "request_id" text not null,
      "idempotency_key" text null,
      "duration_ms" double precision not null,
      "session_id" uuid null,
      "request_body" text null,
      "response_body" text null,
      constraint "request_log_pkey" primary key ("id")
    );`);
    this.addSql(`create index "request_log_integration_at_index" on "request_log" ("integration_id", "at", "id");`);
    this.addSql(`create index "request_log_integration_class_index" on "request_log" ("integration_id", "status_class", "at", "id");`);
    this.addSql(`create index "request_log_request_id_index" on "request_log" ("request_id");`);
    this.addSql(`create index "request_log_session_index" on "request_log" ("session_id", "at", "id") where session_id is not null;`);
    this.addSql(`create index "request_log_at_brin_index" on "request_log" using brin ("at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "request_log" cascade;`);
  }
}
