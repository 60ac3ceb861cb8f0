import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Integration } from '../integrations/index.js';

/**
 * The first reply to a creation request made with an `Idempotency-Key`, replayed for 24 h.
 * The reply carries the hostToken, so it is stored sealed, never in plaintext.
 */
@Entity({ tableName: 'idempotency_record' })
@Unique({ properties: ['integration', 'key'] })
export class IdempotencyRecord {
  [OptionalProps]?: 'id' | 'createdAt' | 'responseSealed';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'Integration', deleteRule: 'cascade' })
  integration!: Integration;

  @Property({ type: 'text' })
  key!: string;

  /** SHA-256 of the canonical request, to tell a replay from a reuse with another body. */
  @Property({ type: 'text' })
  requestHash!: string;

  /** Null only inside the creating transaction, before the reply exists. */
  @Property({ type: 'text', nullable: true })
  responseSealed?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;
}
