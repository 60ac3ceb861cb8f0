import { describe, expect, it } from 'vitest';
import { englishTranslator } from '../test-support/intl';
import { joinInput, joinProblems, serverFieldProblems } from './join-form';

const t = englishTranslator();
const good = { name: ' Mere ', email: ' mere@example.com ', places: 2 };

describe('the join form’s checks', () => {
  it('takes a name, an email address and a number of places within the cap', () => {
    expect(joinProblems(t, good, 3)).toEqual({});
    expect(joinInput(good, 'en-NZ')).toEqual({ displayName: 'Mere', email: 'mere@example.com', places: 2, locale: 'en-NZ' });
  });

  it('says what to type for each field it refuses', () => {
    expect(joinProblems(t, { name: '  ', email: '', places: 0 }, 3)).toEqual({
      name: 'Enter a name',
      email: 'Enter your email address: your receipt and your own link to the group go there',
      places: 'Choose from 1 to 3 places',
    });
    expect(joinProblems(t, { name: 'x'.repeat(81), email: 'mere@example', places: 4 }, 3)).toEqual({
      name: 'Use at most 80 characters',
      email: 'Enter an email address such as name@example.com',
      places: 'Choose from 1 to 3 places',
    });
    expect(joinProblems(t, { ...good, places: 2 }, 1).places).toBe('You can take 1 place');
  });

  it('puts the server’s refusals beside their fields, in the form’s words', () => {
    const details = [
      { path: 'input.displayName', message: 'must be on one line' },
      { path: 'places', message: 'must be at most 2' },
      { path: 'input.locale', message: 'not a language tag' },
    ];
    expect(serverFieldProblems(t, details, { ...good, places: 3 }, 2)).toEqual({
      name: 'Enter your name on one line, in at most 80 characters',
      places: 'Choose from 1 to 2 places',
    });
  });
});
