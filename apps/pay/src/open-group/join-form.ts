import type { ErrorDetail } from '@paysplit/domain';
import { defineMessages } from 'react-intl';
import type { Translator } from '../i18n/translator';
import { EMAIL_PATTERN, MAX_DISPLAY_NAME_LENGTH } from '../split/split-draft';
import { emailProblem, nameProblem } from '../split/split-messages';

const messages = defineMessages({
  emailNeeded: {
    id: 'join.email.needed',
    defaultMessage: 'Enter your email address: your receipt and your own link to the group go there',
    description: 'The join form’s email was left empty',
  },
  nameRefused: {
    id: 'join.name.refused',
    defaultMessage: 'Enter your name on one line, in at most {max, number} characters',
    description: 'The server refused the name for something the form does not check (a control character, say)',
  },
  placesRange: {
    id: 'join.places.range',
    defaultMessage: '{max, plural, one {You can take # place} other {Choose from 1 to # places}}',
    description: 'The number of places chosen is more than may be taken (the per-payer cap, or the places left)',
  },
});

export interface JoinDraft {
  name: string;
  email: string;
  places: number;
}

export type JoinField = 'name' | 'email' | 'places';
export type JoinProblems = Partial<Record<JoinField, string>>;

/** The form's fields in the order a person meets them: where focus goes for the first problem. */
export const JOIN_FIELDS: readonly JoinField[] = ['name', 'email', 'places'];

/**
 * What is wrong with a draft before it is sent, checked as the server checks it: a name of 1 to 80
 * characters, an email address (required: the receipt, the tipped and ended emails and the payer's
 * own link go there), and 1 to `maxPlaces` places.
 */
export function joinProblems(t: Translator, draft: JoinDraft, maxPlaces: number): JoinProblems {
  const problems: JoinProblems = {};
  const name = nameProblem(t, draft.name.trim());
  if (name) problems.name = name;
  const email = draft.email.trim();
  if (email === '') problems.email = t(messages.emailNeeded);
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) problems.email = emailProblem(t);
  if (!Number.isSafeInteger(draft.places) || draft.places < 1 || draft.places > maxPlaces) {
    problems.places = t(messages.placesRange, { max: Math.max(1, maxPlaces) });
  }
  return problems;
}

/** The input the server takes, trimmed. */
export function joinInput(draft: JoinDraft, locale: string): { displayName: string; email: string; places: number; locale: string } {
  return { displayName: draft.name.trim().slice(0, MAX_DISPLAY_NAME_LENGTH), email: draft.email.trim(), places: draft.places, locale };
}

/**
 * The server's refusals of single fields, put beside those fields: its words for each field are the
 * form's own (it checks the same), so a field it names shows the form's message for it.
 */
export function serverFieldProblems(t: Translator, details: readonly ErrorDetail[], draft: JoinDraft, maxPlaces: number): JoinProblems {
  const local = joinProblems(t, draft, maxPlaces);
  const problems: JoinProblems = {};
  for (const detail of details) {
    const field = fieldOfPath(detail.path);
    if (field === null) continue;
    problems[field] =
      local[field] ??
      (field === 'email'
        ? emailProblem(t)
        : field === 'places'
          ? t(messages.placesRange, { max: Math.max(1, maxPlaces) })
          : t(messages.nameRefused, { max: MAX_DISPLAY_NAME_LENGTH }));
  }
  return problems;
}

function fieldOfPath(path: string): JoinField | null {
  const last = path.split('.').at(-1);
  if (last === 'displayName') return 'name';
  if (last === 'email') return 'email';
  if (last === 'places') return 'places';
  return null;
}
