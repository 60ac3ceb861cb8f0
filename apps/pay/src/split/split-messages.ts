import { fieldKey, type FieldErrors, type RowField, type SplitCheck } from './split-draft';
import { ROW_FIELDS } from './split-form';

/** The server's objections to a save: by the input they name, and about the split as a whole. */
export interface ServerErrors {
  fieldErrors: FieldErrors;
  formErrors: readonly string[];
}

export type RowErrors = Partial<Record<RowField, string>>;

export const SUM_OFF_MESSAGE = 'Make the split add up to the total to save it.';

/**
 * What each input of a row says: the server's objection first (it named that input), else the
 * local check's problem once it is worth saying.
 */
export function rowErrors(
  index: number,
  check: SplitCheck,
  serverErrors: ServerErrors | null,
  isShown: (field: RowField) => boolean,
): RowErrors {
  const errors: RowErrors = {};
  for (const field of ROW_FIELDS) {
    const key = fieldKey(index, field);
    const message = serverErrors?.fieldErrors[key] ?? (isShown(field) ? check.fieldErrors[key] : undefined);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

interface FormMessageInput {
  check: SplitCheck;
  serverErrors: ServerErrors | null;
  /** The summary line already says the sum is off, so the domain's own sentence about it would repeat it. */
  summarySaysSumIsOff: boolean;
  submitted: boolean;
  /** Some field was typed in and left. */
  anyTouched: boolean;
}

/** The problems of the split as a whole, said under the summary line. */
export function formMessages({ check, serverErrors, summarySaysSumIsOff, submitted, anyTouched }: FormMessageInput): string[] {
  return [
    ...(!summarySaysSumIsOff && (submitted || anyTouched) ? check.formErrors : []),
    ...(serverErrors?.formErrors ?? []),
    ...(submitted && summarySaysSumIsOff ? [SUM_OFF_MESSAGE] : []),
  ];
}

/** A failed save that is not about any input, in the host's words. */
export function saveErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'INVALID_STATE':
    case 'SESSION_NOT_PAYABLE':
      return 'This payment can no longer be changed.';
    case 'FORBIDDEN':
    case 'UNAUTHENTICATED':
      return 'Only the organiser can change the split. Open the organiser’s link again.';
    case 'NETWORK_ERROR':
      return 'No connection. Check your internet and press Save split again.';
    default:
      return 'The split could not be saved. Please try again.';
  }
}
