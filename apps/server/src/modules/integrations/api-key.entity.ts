import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { KeyMode } from '../../security/tokens.js';
import { Integration } from './integration.entity.js';

/** An API key, kept only as its SHA-256 and last four characters. */
@Entity({ tableName: 'api_key' })
export class ApiKey {
  [OptionalProps]?: 'id' | 'createdAt' | 'revokedAt' | 'lastUsedAt' | 'name';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Integration, { deleteRule: 'cascade' })
  @Index()
  integration!: Integration;

  @Property({ type: 'text' })
  mode!: KeyMode;

  @Property({ type: 'text', unique: true })
  keyHash!: string;

  @Property({ type: 'text' })
  last4!: string;

  @Property({ type: 'text', nullable: true })
  name?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
