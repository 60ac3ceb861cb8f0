import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';

export const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

export default defineConfig(({ command }) => ({
  // The server serves the built files under /pay-assets/; in dev, '/' lets /pay/<id> fall back to index.html.
  base: command === 'build' ? '/pay-assets/' : '/',
  plugins: [react()],
  resolve: {
    // Bundle the domain's TypeScript source: the same rules the server runs, without a prior build.
    alias: { '@paysplit/domain': domainSource },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Flat output: every hashed file sits directly under /pay-assets/.
    assetsDir: '',
    // Every browser that runs this app supports modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/graphql': { target: SERVER, ws: true },
      '/api': SERVER,
    },
  },
}));
