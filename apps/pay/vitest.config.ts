import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { domainSource, messagePlugins, noParser } from './vite.config.js';

// The pay app's tests; component test files choose jsdom with a `@vitest-environment jsdom` docblock.
export default defineConfig({
  plugins: [react(), ...messagePlugins()],
  resolve: { alias: { '@paysplit/domain': domainSource, ...noParser } },
  test: {
    name: 'pay',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
