import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { domainSource } from './vite.config.js';

// The pay app's tests; component test files choose jsdom with a `@vitest-environment jsdom` docblock.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@paysplit/domain': domainSource } },
  test: {
    name: 'pay',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
