import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://localhost:3000';

export const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

/**
 * Writes dist/trusted-documents.json: every document of both codegen outputs by its id. The server
 * loads it and, in production, runs only these for browsers (docs/security.md).
 */
function trustedDocuments(): Plugin {
  const manifests = ['src/gql/persisted-documents.json', 'src/admin/gql/persisted-documents.json'];
  return {
    name: 'paysplit-trusted-documents',
    apply: 'build',
    generateBundle() {
      const documents = Object.assign(
        {},
        ...manifests.map((manifest) => JSON.parse(readFileSync(fileURLToPath(new URL(manifest, import.meta.url)), 'utf8')) as object),
      );
      this.emitFile({ type: 'asset', fileName: 'trusted-documents.json', source: `${JSON.stringify(documents, null, 2)}\n` });
    },
  };
}

export default defineConfig(({ command }) => ({
  // The server serves the built files under /pay-assets/; in dev, '/' lets /pay/<id> fall back to index.html.
  base: command === 'build' ? '/pay-assets/' : '/',
  plugins: [react(), trustedDocuments()],
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
