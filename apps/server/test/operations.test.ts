import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/db/orm.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('operability', () => {
  it('answers /healthz and /readyz with 200 and an X-Request-Id', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('reuses a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const kept = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'merchant-trace-123' } });
    expect(kept.headers.get('x-request-id')).toBe('merchant-trace-123');
    const replaced = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('serves a valid OpenAPI 3.1 document describing both creation paths', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    for (const path of ['/api/v1/payments/sessions', '/api/payments/sessions']) {
      expect(document.paths[path]?.post?.requestBody?.content['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/CreateSessionRequest',
      });
    }
    const fields = Object.keys(document.components.schemas.CreateSessionRequest!.properties);
    for (const field of ['integrationId', 'amount', 'amountMinor', 'successUrl', 'successReturnUrl', 'merchantOrderRef', 'metadata']) {
      expect(fields).toContain(field);
    }
  });
});

describe('database schema', () => {
  it('the committed migrations produce exactly the schema the entities describe', async () => {
    const orm = await MikroORM.init(ormConfig({ databaseUrl: server.databaseUrl }));
    try {
      const drift = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
      expect(drift.trim()).toBe('');
    } finally {
      await orm.close(true);
    }
  });

  it('keeps money in bigint columns', async () => {
    const columns = await server.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns where column_name like '%minor'`,
    );
    expect(columns.length).toBeGreaterThanOrEqual(3);
    for (const column of columns) expect(column.data_type, `${column.table_name}.${column.column_name}`).toBe('bigint');
  });
});
