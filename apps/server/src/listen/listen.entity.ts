import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A connected listener (`paysplit listen`), one per integration, and the instance holding its
 * socket: any instance making a test-mode call for the integration finds it here. Refreshed every
 * ping interval; a row not refreshed for three intervals belongs to an instance that died.
 */
@Entity({ tableName: 'listen_connection' })
export class ListenConnection {
  @PrimaryKey({ type: 'uuid' })
  integrationId!: string;

  @Property({ type: 'uuid' })
  listenerId!: string;

  /** The instance holding the socket (Listeners.instanceId, random per process). */
  @Property({ type: 'uuid' })
  instanceId!: string;

  @Property({ type: 'timestamptz' })
  connectedAt!: Date;

  @Property({ type: 'timestamptz' })
  seenAt!: Date;
}

/**
 * A call relayed to the instance holding its listener's socket: written by the instance that makes
 * the call, taken and answered by the holder, deleted by its writer once answered or given up.
 */
@Entity({ tableName: 'listen_call' })
export class ListenRelayedCall {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Index()
  @Property({ type: 'uuid' })
  listenerId!: string;

  /** What the listener is sent, unsigned (the holder signs it with its listener's secret). */
  @Property({ type: 'json' })
  request!: unknown;

  /** The listener's answer, or why there was none. */
  @Property({ type: 'json', nullable: true })
  answer?: unknown;

  @Property({ type: 'timestamptz', nullable: true })
  takenAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
