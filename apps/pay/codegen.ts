import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// `npm run codegen` runs the CLI and its preset with npm exec, which puts their bin folder on PATH.
// The preset is loaded from there, beside the CLI, so both use the same graphql module.
const npmExecBin = (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir.includes(`${path.sep}_npx${path.sep}`));
if (!npmExecBin) throw new Error('Run the code generator with `npm run codegen -w @paysplit/pay`');
const { preset } = createRequire(path.join(npmExecBin, '..', 'codegen.cjs'))('@graphql-codegen/client-preset') as { preset: unknown };

const clientPreset = {
  preset,
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
    // An operation's type names its fragments' types (`{ session: … & AdminSessionSummaryFragment }`)
    // instead of spelling their fields out again. No masking: components read the fields directly.
    inlineFragmentTypes: 'combine',
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
// No import of the codegen packages: they are not installed (their dependencies need Node 22);
// `npm run codegen` runs pinned versions through npm exec, only when regenerating.
const config = {
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
