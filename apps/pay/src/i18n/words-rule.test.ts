import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import wordsThroughMessages from '../../../../packages/tooling/eslint-rules/words-through-messages.js';

// RuleTester runs its cases as vitest tests.
Object.assign(RuleTester, { afterAll, describe, it });

// The lint rule that keeps words out of the pay pages' JSX, so the catalogs have every one of them.
new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
}).run('words-through-messages', wordsThroughMessages.rules['words-through-messages'], {
  valid: [
    { code: 'const a = <p>{t(messages.title)}</p>;' },
    { code: 'const a = <span aria-hidden="true"> · </span>;' },
    { code: 'const a = <button aria-label={t(messages.remove)}>✕</button>;' },
    { code: 'const a = <div className="person-line" data-testid="share-2" />;' },
  ],
  invalid: [
    { code: 'const a = <p>Pay your share</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <img alt="Logo" />;', errors: [{ messageId: 'text' }] },
    { code: "const a = <Page title={'Loading'} />;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <input placeholder={`Name of ${n}`} />;', errors: [{ messageId: 'text' }] },
  ],
});
