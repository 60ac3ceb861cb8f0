import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Decorators compile with Vite's own transform; every type-graphql and MikroORM decorator names its
  // type explicitly, so no decorator metadata is needed (and no SWC binary, which npm ci could not lock).
  resolve: {
    alias: {
      '@paysplit/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)),
      '@paysplit/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)),
      // One graphql module for the whole run, or graphql-js refuses schemas "from another realm".
      graphql: require.resolve('graphql'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'apps/pay/src/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
