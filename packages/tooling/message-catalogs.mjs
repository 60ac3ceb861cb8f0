// The message catalogs of the pay app and of the emails: what the code says (extracted with the
// FormatJS CLI from `defineMessages`), the English catalog made from it, and the checks every
// language's catalog must pass. `npm run i18n:extract` rewrites the English catalogs; the tests
// (apps/pay/src/i18n/catalogs.test.ts, apps/server/test/email-catalogs.test.ts) run the checks.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import prettier from 'prettier';

const require = createRequire(import.meta.url);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const FORMATJS = require.resolve('@formatjs/cli/bin/formatjs');

/** The locales every catalog is written in, English (the source) first; as packages/domain/src/locale.ts lists them. */
export const CATALOG_LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar'];

/** Each set of messages: the code they are extracted from, and the folder of its catalogs (<locale>.json). */
export const MESSAGE_SETS = {
  pay: {
    sources: ['apps/pay/src/**/*.ts', 'apps/pay/src/**/*.tsx'],
    // The administration area stays in English; tests and generated GraphQL types say nothing to readers.
    ignore: [
      'apps/pay/src/admin/**',
      'apps/pay/src/gql/**',
      'apps/pay/src/**/*.test.ts',
      'apps/pay/src/**/*.test.tsx',
      'apps/pay/src/test-support/**',
    ],
    catalogs: 'apps/pay/src/i18n/messages',
  },
  emails: {
    sources: ['apps/server/src/modules/emails/**/*.ts'],
    ignore: [],
    catalogs: 'apps/server/src/modules/emails/messages',
  },
};

/** Message ids name where and what ("payer.title", "email.invitation.subject"): never a generated hash. */
const ID_SHAPE = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;

/**
 * The messages the code declares, by id: `{ defaultMessage, description }`, as the FormatJS CLI
 * extracts them (whitespace normalised as it does).
 * @param {keyof typeof MESSAGE_SETS} set
 * @returns {Record<string, { defaultMessage: string; description?: string }>}
 */
export function extractMessages(set) {
  const { sources, ignore } = MESSAGE_SETS[set];
  const args = ['extract', ...sources, '--throws', ...(ignore.length ? ['--ignore', ...ignore] : [])];
  const out = execFileSync(process.execPath, [FORMATJS, ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out);
}

/**
 * A catalog as stored: English with its descriptions ({ id: { defaultMessage, description } }),
 * every other language as { id: message }.
 * @returns {Record<string, string>}
 */
export function readCatalog(set, locale) {
  const file = path.join(repo, MESSAGE_SETS[set].catalogs, `${locale}.json`);
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(raw).map(([id, message]) => [id, typeof message === 'string' ? message : message.defaultMessage]),
  );
}

/** Writes the English catalog of `set` from the code (npm run i18n:extract). */
export async function writeEnglishCatalog(set) {
  const extracted = extractMessages(set);
  const sorted = Object.fromEntries(
    Object.keys(extracted)
      .sort()
      .map((id) => [id, extracted[id]]),
  );
  const file = path.join(repo, MESSAGE_SETS[set].catalogs, 'en.json');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(sorted), { ...options, filepath: file }));
  return Object.keys(sorted).length;
}

/**
 * What a message needs to be formatted: its arguments by name and kind, the keys of its selects
 * and its tags. Plural categories are the language's own (Japanese has "other" only, Arabic six),
 * so they are not compared.
 * @returns {Map<string, string>}
 */
export function argumentsOf(message) {
  const found = new Map();
  const visit = (elements) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.set(element.value, 'argument');
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.set(element.value, TYPE[element.type]);
          break;
        case TYPE.select:
          found.set(element.value, `select(${Object.keys(element.options).sort().join('|')})`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.plural:
          found.set(element.value, element.pluralType === 'ordinal' ? 'selectordinal' : 'plural');
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.set(`<${element.value}>`, 'tag');
          visit(element.children);
          break;
        default:
          break;
      }
    }
  };
  visit(parse(message));
  return found;
}

const signature = (args) => [...args.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, kind]) => `${name}:${kind}`);

/**
 * Everything wrong with a set's catalogs, as sentences (empty when all is well): a message the
 * code declares that a catalog lacks, one a catalog has that the code no longer declares, English
 * that no longer matches the code, a translation whose arguments, select keys or tags differ from
 * English, ICU that does not parse, and ids that do not name their message.
 */
export function catalogProblems(set, { extracted = extractMessages(set), locales = CATALOG_LOCALES, read = readCatalog } = {}) {
  const problems = [];
  const english = read(set, 'en');
  for (const [id, { defaultMessage }] of Object.entries(extracted)) {
    if (!ID_SHAPE.test(id)) problems.push(`${id}: give the message an id that names it, such as "payer.title"`);
    if (!(id in english)) problems.push(`en: ${id} is missing (run npm run i18n:extract)`);
    else if (english[id] !== defaultMessage) problems.push(`en: ${id} differs from the code (run npm run i18n:extract)`);
  }
  for (const locale of locales) {
    const catalog = locale === 'en' ? english : read(set, locale);
    for (const id of Object.keys(extracted)) {
      if (!(id in catalog)) problems.push(`${locale}: ${id} is missing`);
    }
    for (const [id, message] of Object.entries(catalog)) {
      if (!(id in extracted)) {
        problems.push(`${locale}: ${id} is unused (no code declares it)`);
        continue;
      }
      let args;
      try {
        args = signature(argumentsOf(message));
      } catch (error) {
        problems.push(`${locale}: ${id} is not valid ICU MessageFormat (${error.message})`);
        continue;
      }
      const expected = signature(argumentsOf(extracted[id].defaultMessage));
      if (args.join(',') !== expected.join(',')) {
        problems.push(`${locale}: ${id} has arguments ${args.join(', ') || 'none'}; English has ${expected.join(', ') || 'none'}`);
      }
    }
  }
  return problems;
}
