import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Who changed what, and when. Plain ids rather than foreign keys: the record outlives what it
 * describes (a deleted integration's history stays readable). Never holds a secret or key.
 */
@Entity({ tableName: 'audit_entry' })
@Index({ properties: ['integrationId', 'at'] })
export class AuditEntry {
  [OptionalProps]?: 'id' | 'at' | 'details';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'timestamptz' })
  @Index()
  at: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  actorAccountId?: string | null;

  /** The account's email, "operator token <name>", or "cli". */
  @Property({ type: 'text' })
  actor!: string;

  @Property({ type: 'uuid', nullable: true })
  integrationId?: string | null;

  /** e.g. `integration.updated`, `api_key.created`, `signing_secret.rotated`, `event.redelivered`. */
  @Property({ type: 'text' })
  action!: string;

  /** A sentence for people: "Created test key ••••a1B2 (CI)". */
  @Property({ type: 'text' })
  summary!: string;

  /** Machine-readable facts (changed field names, key ids): never values of secrets. */
  @Property({ type: 'json' })
  details: Record<string, unknown> = {};
}
