import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const FORMATJS = require.resolve('@formatjs/cli/bin/formatjs');

/** The catalogs the app imports: src/i18n/messages/<locale>.json, en.json (the extracted source) with descriptions. */
const CATALOG = /[\\/]src[\\/]i18n[\\/]messages[\\/]([A-Za-z-]+)\.json(?:\?(pseudo))?$/;

/** The pseudo-locale: English made longer and accented, to find text that does not fit or was left out. */
export const PSEUDO_LOCALE = 'en-XA';

/**
 * Compiles each message catalog to ICU MessageFormat syntax trees with the FormatJS CLI as it is
 * bundled, so the browser formats messages without the ICU parser (not in the bundle) and a
 * malformed message fails the build. `en.json?pseudo` is the pseudo-locale, made from English.
 * The result of a plain catalog is still JSON (Vite's own JSON plugin turns it into the catalog's chunk).
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'paysplit-message-catalogs',
    enforce: 'pre',
    transform(_code, id) {
      const match = CATALOG.exec(id);
      if (!match) return null;
      const file = id.replace(/\?.*$/, '');
      const args = ['compile', file, '--ast', '--format', match[1] === 'en' ? 'default' : 'simple'];
      if (match[2] === 'pseudo') args.push('--pseudo-locale', PSEUDO_LOCALE);
      this.addWatchFile(file);
      const compiled = execFileSync(process.execPath, [FORMATJS, ...args], { encoding: 'utf8' });
      // A plain .json import goes on to Vite's JSON plugin; one with a query does not, so it is made a module here.
      return { code: match[2] === 'pseudo' ? `export default ${compiled.trim()};\n` : compiled, map: null };
    },
  };
}
