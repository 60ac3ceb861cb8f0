import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Session } from '../session.entity.js';

/**
 * A sign-in link the host asked for, to reach their split on another device: emailed to the host's
 * address, usable once, for a short time. Only the SHA-256 of its code is kept; the code itself is
 * derived from the row's id when the email is written (access/host-sign-in.ts).
 */
@Entity({ tableName: 'host_sign_in' })
@Index({ name: 'host_sign_in_session_created_index', properties: ['session', 'createdAt'] })
export class HostSignIn {
  [OptionalProps]?: 'id' | 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Session, { deleteRule: 'cascade' })
  session!: Rel<Session>;

  @Property({ type: 'text', unique: true })
  codeHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
