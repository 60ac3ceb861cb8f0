import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A running process that claims jobs; alive while it heartbeats (jobs/job-runner.ts). */
@Entity({ tableName: 'job_instance' })
export class JobInstance {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** The process's name (the server, the CLI), for operators reading the table. */
  @Property({ type: 'text' })
  application!: string;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'timestamptz' })
  heartbeatAt!: Date;
}

/** The next run of a periodic kind; the instance that moves it forward runs that tick. */
@Entity({ tableName: 'job_schedule' })
export class JobSchedule {
  @PrimaryKey({ type: 'text' })
  kind!: string;

  @Property({ type: 'timestamptz' })
  nextRunAt!: Date;

  @Property({ type: 'uuid', nullable: true })
  claimedBy?: string | null;
}
