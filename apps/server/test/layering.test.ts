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
    // A probe service in the real tree (inside the module whose entity it reads), so the lint reads
    // it through the server's own tsconfig.
    const probe = join(serverSource, 'modules', 'sessions', 'layering-probe.service.ts');
    try {
      await writeFile(
        probe,
        [
          "import type { EntityManager } from '@mikro-orm/postgresql';",
          "import { runPrepared } from '../../db/prepared-statement.js';",
          "import { Session } from './session.entity.js';",
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
      await rm(probe, { force: true });
    }
  }, 120_000);
});

/** Lints probe files written into the real tree (so the lint reads them through the server's tsconfig), then removes them. */
async function lintProbes(files: Record<string, string>): Promise<Record<string, string[]>> {
  const written = Object.keys(files).map((path) => join(serverSource, path));
  const madeDirectories: string[] = [];
  try {
    for (const [path, text] of Object.entries(files)) {
      const directory = join(serverSource, path, '..');
      if (!(await readdir(directory).catch(() => undefined))) madeDirectories.push(directory);
      await mkdir(directory, { recursive: true });
      await writeFile(join(serverSource, path), text);
    }
    // The boundary rule reads import paths only: no type information, so no TypeScript program that
    // may not have seen the probes yet (typescript-eslint keeps one per process and notices new files
    // by watching, which a loaded machine can outrun).
    const eslint = new ESLint({
      cwd: repo,
      overrideConfigFile: join(repo, 'packages/tooling/eslint.config.js'),
      overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === 'boundaries/module-boundaries',
    });
    const results = await eslint.lintFiles(written);
    // A probe that did not parse would pass every expectation below by saying nothing.
    expect(results.flatMap((result) => result.messages.filter((message) => message.fatal))).toEqual([]);
    return Object.fromEntries(
      results.map((result) => [
        relative(serverSource, result.filePath),
        result.messages.map((message) => `${message.line}:${message.ruleId}: ${message.message}`),
      ]),
    );
  } finally {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    await Promise.all(madeDirectories.map((directory) => rm(directory, { recursive: true, force: true })));
  }
}

describe('module boundaries', () => {
  it("refuses another module's internals, an import against the drawn order, and a front door handing out an entity class", async () => {
    const problems = await lintProbes({
      'modules/webhooks/boundary-probe.ts': [
        "import type { Session } from '../sessions/index.js';",
        "import { SessionRepository } from '../sessions/session.repository.js';",
        "import { createEmailServices } from '../emails/index.js';",
        'export const probe: unknown[] = [SessionRepository, createEmailServices];',
        'export type Probe = Session;',
        '',
      ].join('\n'),
      'cli/boundary-probe.ts': [
        "import { PaymentRepository } from '../modules/sessions/payments/payment.repository.js';",
        "import { createSessionServices } from '../modules/sessions/index.js';",
        'export const probe: unknown[] = [PaymentRepository, createSessionServices];',
        '',
      ].join('\n'),
      'modules/boundary-probe/index.ts': [
        "export { Probe } from './probe.entity.js';",
        "export type { Probe as ProbeRow } from './probe.entity.js';",
        "import { Probe as Again } from './probe.entity.js';",
        'export { Again };',
        '',
      ].join('\n'),
      'graphql/boundary-types-probe.ts': [
        "import type { SessionServices } from '../modules/sessions/index.js';",
        "import { SessionView } from '../modules/sessions/index.js';",
        "export type Probe = [SessionServices, import('../modules/sessions/session.entity.js').Session];",
        'export const probe: unknown = SessionView;',
        '',
      ].join('\n'),
      'modules/sessions/boundary-upward-probe.ts': [
        "export type Probe = import('../live/index.js').LiveSession;",
        "export { probe } from '../boundary-probe/index.js';",
        '',
      ].join('\n'),
      'modules/boundary-probe/probe.entity.ts': 'export class Probe {}\n',
    });
    const rule = (lines: string[] | undefined) => (lines ?? []).filter((line) => line.includes('boundaries/module-boundaries'));
    // A type through the front door passes; a repository past it does not; emails sit above webhooks.
    expect(rule(problems['modules/webhooks/boundary-probe.ts'])).toEqual([
      expect.stringMatching(/^2:.*is inside the sessions module: import its front door, modules\/sessions\/index\.ts/),
      expect.stringMatching(/^3:.*The webhooks module may not import emails/),
    ]);
    // Outside modules/ the front door is the only way in too.
    expect(rule(problems['cli/boundary-probe.ts'])).toEqual([expect.stringMatching(/^1:.*is inside the sessions module/)]);
    // A front door may hand out an entity's type, not its class: neither re-exported nor imported and exported again.
    expect(rule(problems['modules/boundary-probe/index.ts'])).toEqual([
      expect.stringMatching(/^1:.*hands out types of its entities/),
      expect.stringMatching(/^4:.*hands out types of its entities/),
    ]);
    // Infrastructure may use a front door's types; loading it (a value) is refused, and so is an internal type by import().
    expect(rule(problems['graphql/boundary-types-probe.ts'])).toEqual([
      expect.stringMatching(/^2:.*graphql\/boundary-types-probe\.ts is infrastructure the modules build on/),
      expect.stringMatching(/^3:.*is inside the sessions module/),
    ]);
    // A type by import() counts against the order too, and a folder missing from the drawing is named.
    expect(rule(problems['modules/sessions/boundary-upward-probe.ts'])).toEqual([
      expect.stringMatching(/^1:.*The sessions module may not import live/),
      expect.stringMatching(/^2:.*modules\/boundary-probe is not in the drawn module order/),
    ]);
  }, 120_000);

  it('uses the module order docs/architecture.md draws, and every module folder is in it', async () => {
    const architecture = await readFile(join(repo, 'docs/architecture.md'), 'utf8');
    const drawn = /<!-- module-order -->\s*```\n([\s\S]*?)```/.exec(architecture)?.[1];
    expect(drawn, 'docs/architecture.md draws the module order in a block after <!-- module-order -->').toBeDefined();
    // Drawn top (may import everything below) to bottom (imports no module): one module per line.
    const fromTop = drawn!
      .split('\n')
      .map((line) => /^\s*([a-z]+)\b/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    const { MODULE_ORDER } = (await import(join(repo, 'packages/tooling/eslint.config.js'))) as { MODULE_ORDER: string[] };
    expect([...fromTop].reverse()).toEqual(MODULE_ORDER);
    const folders = (await readdir(join(serverSource, 'modules'), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...MODULE_ORDER].sort());
  });
});
