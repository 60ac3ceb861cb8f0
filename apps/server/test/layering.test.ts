import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout rules review relies on, checked by CI (docs/architecture.md, "Where SQL lives").
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const serverSource = join(repo, 'apps/server/src');

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name));
}

describe('server layering', () => {
  it('keeps every server source file under 300 lines (bench and migrations aside)', async () => {
    const tooLong: string[] = [];
    for (const file of await sourceFiles(serverSource)) {
      const path = relative(serverSource, file);
      if (path.startsWith('bench/') || path.startsWith('db/migrations/')) continue;
      const lines = (await readFile(file, 'utf8')).split('\n').length - 1;
      if (lines > 300) tooLong.push(`${path}: ${lines} lines`);
    }
    expect(tooLong).toEqual([]);
  });

  it('refuses database calls outside repositories, but not look-alike calls on arrays', async () => {
    // A probe service in the real tree, so the lint reads it through the server's own tsconfig.
    const directory = join(serverSource, 'modules', 'layering-probe');
    const probe = join(directory, 'probe.service.ts');
    await mkdir(directory, { recursive: true });
    try {
      await writeFile(
        probe,
        [
          "import type { EntityManager } from '@mikro-orm/postgresql';",
          "import { runPrepared } from '../../db/prepared-statement.js';",
          "import { Session } from '../sessions/session.entity.js';",
          'export async function probe(em: EntityManager, names: string[]): Promise<unknown> {',
          "  const first = names.find((name) => name === 'x');",
          '  return em.transactional(async (tx) => [first, runPrepared, await tx.find(Session, {}), await tx.getConnection().execute("select 1")]);',
          '}',
          '',
        ].join('\n'),
      );
      const eslint = new ESLint({ cwd: repo, overrideConfigFile: join(repo, 'packages/tooling/eslint.config.js') });
      const [result] = await eslint.lintFiles([probe]);
      const problems = result!.messages.map((message) => `${message.line}:${message.ruleId}`);
      expect(problems.sort()).toEqual([
        '2:no-restricted-imports',
        '6:paysplit/data-access-in-repositories',
        '6:paysplit/data-access-in-repositories',
        '6:paysplit/data-access-in-repositories',
      ]);
      expect(result!.messages.map((message) => message.message).join('\n')).toContain('`find` reaches the database');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
