import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type AccountRole = 'merchant' | 'operator';

/** A person who signs in to the administration area: a merchant's user, or PaySplit staff (operator). */
@Entity({ tableName: 'account' })
export class Account {
  [OptionalProps]?: 'id' | 'mustChangePassword' | 'createdAt' | 'passwordChangedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased and trimmed, so sign-in is case-insensitive. */
  @Property({ type: 'text', unique: true })
  email!: string;

  /** scrypt, with its parameters and salt (see password.ts); never the password. */
  @Property({ type: 'text', lazy: true })
  passwordHash!: string;

  @Property({ type: 'text' })
  role!: AccountRole;

  /** Set for a one-time password (CLI): the first sign-in must choose a new one. */
  @Property({ type: 'boolean' })
  mustChangePassword: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  passwordChangedAt: Date = new Date();
}

/** A signed-in browser: the cookie holds a random token, the table only its SHA-256. */
@Entity({ tableName: 'admin_login' })
export class AdminLogin {
  [OptionalProps]?: 'id' | 'createdAt' | 'lastSeenAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Account, { deleteRule: 'cascade' })
  @Index()
  account!: Account;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  lastSeenAt: Date = new Date();
}

/** A token for internal dashboards calling GraphQL from servers (`Authorization: Bearer pso_…`). */
@Entity({ tableName: 'operator_token' })
export class OperatorToken {
  [OptionalProps]?: 'id' | 'createdAt' | 'lastUsedAt' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Account, { deleteRule: 'cascade' })
  @Index()
  account!: Account;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  last4!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
