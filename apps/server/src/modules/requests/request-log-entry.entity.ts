import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One merchant API request (decisions, "The request log"): what was asked and answered, never a
 * key, secret or address (bodies are redacted before they are kept: request-redaction.ts). Plain
 * ids, no foreign keys: rows of keys nobody issued belong to no integration. Written only in
 * batches by RequestLogRepository.insertBatch.
 */
@Entity({ tableName: 'request_log' })
@Index({ name: 'request_log_integration_at_index', properties: ['integrationId', 'at', 'id'] })
@Index({ name: 'request_log_integration_class_index', properties: ['integrationId', 'statusClass', 'at', 'id'] })
@Index({
  name: 'request_log_session_index',
  expression: `create index "request_log_session_index" on "request_log" ("session_id", "at", "id") where session_id is not null`,
})
@Index({ name: 'request_log_at_brin_index', expression: `create index "request_log_at_brin_index" on "request_log" using brin ("at")` })
export class RequestLogEntry {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** When the request arrived. */
  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'uuid', nullable: true })
  integrationId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  apiKeyId?: string | null;

  /** The key's mode, test or live. */
  @Property({ type: 'text', nullable: true })
  mode?: string | null;

  @Property({ type: 'text' })
  method!: string;

  /** Without the query string. */
  @Property({ type: 'text' })
  path!: string;

  @Property({ type: 'smallint' })
  status!: number;

  /** status / 100: the filter "4xx" is one index range. */
  @Property({ type: 'smallint' })
  statusClass!: number;

  @Property({ type: 'text', nullable: true })
  errorCode?: string | null;

  @Property({ type: 'text' })
  @Index({ name: 'request_log_request_id_index' })
  requestId!: string;

  @Property({ type: 'text', nullable: true })
  idempotencyKey?: string | null;

  @Property({ type: 'double' })
  durationMs!: number;

  @Property({ type: 'uuid', nullable: true })
  sessionId?: string | null;

  @Property({ type: 'text', nullable: true })
  requestBody?: string | null;

  @Property({ type: 'text', nullable: true })
  responseBody?: string | null;
}
