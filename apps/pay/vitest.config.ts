import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { domainSource, messagePlugins } from './vite.config.js';

// The pay app's tests; component test files choose jsdom with a `@vitest-environment jsdom` docblock.
export default defineConfig({
  plugins: [react(), ...messagePlugins()],
  // Unlike the build, the ICU parser stays: the catalog check parses every message it compares.
  resolve: { alias: { '@paysplit/domain': domainSource } },
  test: {
    name: 'pay',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
