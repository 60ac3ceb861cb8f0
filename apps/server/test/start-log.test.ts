import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { createTestDatabase } from './support/test-database.js';

/** What the built server says when it starts on a fresh database, as an operator reads it. */
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  // Empty, not the run's migrated template: the server applies every migration itself, and says so.
  database = await createTestDatabase({ empty: true });
  server = await startServerProcess({
    DATABASE_URL: database.url,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('the start log', () => {
  it('names every migration it applied, none of them redacted', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; migrations?: string[] });
    const applied = lines.find((line) => line.msg === 'applied database migrations');
    expect(applied?.migrations).toEqual(MIGRATIONS.map((migration) => migration.name));
  });
});
