import { Migration } from '@mikro-orm/migrations';

/**
 * The one job runner (jobs/): which running instance holds each claim, and which instances are alive.
 *
 * `claimed_by` names the `job_instance` that claimed a row in the running state; when that instance
 * stops heartbeating its row is deleted and every claim it held is taken over at once, instead of
 * after the lease (60–120 s) ran out. The lease stays, as the bound for a handler that hangs in a
 * live instance. The finish of an attempt is fenced on `claimed_by`, so a claim that was taken over
 * is never finished by the instance that lost it.
 *
 * `job_schedule` holds the next run of each periodic kind (session expiry, email reminders and
 * erasure): one instance claims a tick, so the sweeps no longer run on every instance at once.
 * Additive only: nullable columns and new tables, so a previous version keeps running beside it.
 */
export class Migration20261126010000_job_runner extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" add column "claimed_by" uuid null;`);
    this.addSql(`alter table "refund" add column "claimed_by" uuid null;`);
    this.addSql(`alter table "email_message" add column "claimed_by" uuid null;`);
    this.addSql(
      `create table "job_instance" ("id" uuid not null, "application" text not null, "started_at" timestamptz not null, "heartbeat_at" timestamptz not null, constraint "job_instance_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "job_schedule" ("kind" text not null, "next_run_at" timestamptz not null, "claimed_by" uuid null, constraint "job_schedule_pkey" primary key ("kind"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "job_schedule";`);
    this.addSql(`drop table "job_instance";`);
    this.addSql(`alter table "email_message" drop column "claimed_by";`);
    this.addSql(`alter table "refund" drop column "claimed_by";`);
    this.addSql(`alter table "webhook_delivery" drop column "claimed_by";`);
  }
}
