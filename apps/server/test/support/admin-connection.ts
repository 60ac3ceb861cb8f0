import pg from 'pg';

/** Runs `work` on a connection of the cluster's admin role (creating and dropping test databases), then closes it. */
export async function asAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** Drops a test database, whoever is still connected to it. */
export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return asAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
