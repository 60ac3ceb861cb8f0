import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagePlugins } from '../../apps/pay/vite.config.js';

/**
 * The one test run of the repository (`npm test`). Kept here rather than at the top level, which
 * holds only the workspace files; `root` points back at the repository.
 */
const repo = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const require = createRequire(import.meta.url);

export default defineConfig({
  root: repo(''),
  // The pay app's message catalogs compile as they do in its build (the server's emails keep the ICU parser).
  plugins: [...messagePlugins()],
  // Decorators compile with Vite's own transform; every type-graphql and MikroORM decorator names its
  // type explicitly, so no decorator metadata is needed (and no SWC binary, which npm ci could not lock).
  resolve: {
    alias: {
      '@paysplit/domain': repo('packages/domain/src/index.ts'),
      '@paysplit/sdk': repo('packages/sdk/src/index.ts'),
      // One graphql module for the whole run, or graphql-js refuses schemas "from another realm".
      graphql: require.resolve('graphql'),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time whatever the core count (vitest's default is one fewer than the cores: one
    // on a two-core machine). Most of a file's time is spent waiting on PostgreSQL, chromium and real
    // sockets rather than computing, so a second file fills that waiting.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          globalSetup: [repo('apps/server/test/support/global-setup.ts')],
          // Each file starts its own servers, databases and browsers and stops them in afterAll, and
          // none stubs globals or mocks modules: so the files of one worker share its loaded modules
          // instead of loading the server's whole module graph again for every file (about a second
          // of CPU each, two minutes over the run).
          isolate: false,
        },
      },
      {
        extends: true,
        // The pay app's component tests render into a DOM of their own, file by file.
        test: { name: 'pay', include: ['apps/pay/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
