import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const clientPreset = {
  preset: 'client',
  presetConfig: {
    fragmentMasking: false,
    // Each document carries its SHA-256 (`__meta__.hash`) and the output folder gets
    // persisted-documents.json: the server's list of trusted documents (docs/security.md).
    persistedDocuments: { mode: 'embedHashInDocument', hashPropertyName: 'hash', hashAlgorithm: 'sha256' },
  },
  config: {
    // Plain query strings for fetch and graphql-ws: no graphql-js AST in the bundle.
    documentMode: 'string',
    enumsAsTypes: true,
    useTypeImports: true,
    strictScalars: true,
    scalars: {
      // Digits in a string: read with BigInt, never as a float.
      MinorUnits: 'string',
      DateTimeISO: 'string',
      DecimalAmount: 'string',
      JSONObject: 'Record<string, unknown>',
    },
  },
} as const;

// Types come from the committed SDL, not a running server, so `npm run codegen` works offline.
// Two outputs: the preset's `graphql()` holds every document of its output in one map that no
// bundler can shake, so the admin's documents get their own (src/admin/gql/, in the admin chunk)
// and the pay page's first bundle carries only its own.
const config: CodegenConfig = {
  schema: here('../server/schema.graphql'),
  ignoreNoDocuments: false,
  generates: {
    [here('src/gql/')]: {
      ...clientPreset,
      documents: [here('src/**/*.{ts,tsx}'), `!${here('src/gql/**')}`, `!${here('src/admin/**')}`],
    },
    [here('src/admin/gql/')]: {
      ...clientPreset,
      documents: [here('src/admin/**/*.{ts,tsx}'), `!${here('src/admin/gql/**')}`],
    },
  },
  hooks: { afterAllFileWrite: ['prettier --write'] },
};

export default config;
