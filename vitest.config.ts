import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // SWC emits the decorator metadata that type-graphql and MikroORM read, exactly as tsc does in the build.
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
      },
    }),
  ],
  resolve: {
    alias: {
      '@paysplit/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)),
      // One graphql module for the whole run, or graphql-js refuses schemas "from another realm".
      graphql: require.resolve('graphql'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
