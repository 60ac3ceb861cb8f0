import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Types come from the committed SDL, not a running server, so `npm run codegen` works offline.
const config: CodegenConfig = {
  schema: here('../server/schema.graphql'),
  documents: [here('src/**/*.{ts,tsx}'), `!${here('src/gql/**')}`],
  ignoreNoDocuments: false,
  generates: {
    [here('src/gql/')]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
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
    },
  },
  hooks: { afterAllFileWrite: ['prettier --write'] },
};

export default config;
