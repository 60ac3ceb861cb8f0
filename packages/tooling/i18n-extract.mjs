// `npm run i18n:extract`: the English catalogs of the pay app and the emails, from the messages
// the code declares (docs/i18n.md). Translations are then added to every other <locale>.json.
import { MESSAGE_SETS, writeEnglishCatalog } from './message-catalogs.mjs';

for (const set of Object.keys(MESSAGE_SETS)) {
  const count = await writeEnglishCatalog(set);
  process.stdout.write(`${MESSAGE_SETS[set].catalogs}/en.json: ${count} messages\n`);
}
