import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import formatjs from '@formatjs/unplugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messageCatalogs, PSEUDO_LOCALE } from './message-catalogs.js';

const SERVER = 'http://localhost:3000';

export const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

/**
 * The pay app's messages: each catalog compiled to syntax trees as it is bundled, and the English
 * defaults taken out of the code (English is a catalog like the others, loaded only by its
 * readers), so no ICU parser is needed in the browser (docs/i18n.md).
 */
export const messagePlugins = () => [
  messageCatalogs(),
  formatjs({
    removeDefaultMessage: true,
    filter: { id: { include: /[\\/]apps[\\/]pay[\\/]src[\\/][^?#]+\.tsx?$/, exclude: /node_modules/ } },
  }),
];

/** Every message is compiled before it ships, so the browser needs no ICU parser (the no-parser build). */
export const noParser = { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' };

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
  plugins: [react(), ...messagePlugins(), trustedDocuments()],
  resolve: {
    // Bundle the domain's TypeScript source: the same rules the server runs, without a prior build.
    alias: { '@paysplit/domain': domainSource, ...noParser },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Flat output: every hashed file sits directly under /pay-assets/.
    assetsDir: '',
    // Every browser that runs this app supports modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Each language's messages in a chunk named after it (messages-de-<hash>.js), which the bench measures.
        chunkFileNames: (chunk) => {
          const catalog = /i18n\/messages\/([A-Za-z-]+)\.json(\?pseudo)?$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `messages-${catalog[2] ? PSEUDO_LOCALE : catalog[1]}-[hash].js` : '[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: SERVER, ws: true },
      '/api': SERVER,
      // The administration area's downloads: a form the browser posts to the server itself.
      '/admin/exports': SERVER,
    },
  },
}));
