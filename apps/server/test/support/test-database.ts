import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { asAdmin, dropDatabase } from './admin-connection.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of one test file's own on the run's cluster. By default a copy of the template that
 * global-setup.ts migrated once for the run: one statement, where creating each database empty and
 * then migrating it cost about as much again as the create, and more with every migration added.
 * `empty: true` gives a database without PaySplit's tables, for the tests about migrating one.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `paysplit_test_${randomBytes(6).toString('hex')}`;
  // Any number of copies may be made at once; each needs only that nobody is connected to the
  // template, which global-setup.ts guarantees by refusing connections to it.
  const template = options.empty ? '' : ` TEMPLATE ${inject('postgresTemplateDatabase')}`;
  await asAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(adminUrl, name),
  };
}
