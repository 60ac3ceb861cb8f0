import { AppError, findCurrency, parseMajorAmount } from '@paysplit/domain';
import type { Mode, SessionFilter, SessionStatus } from '../gql/graphql';
import { endOfLocalDay, startOfLocalDay } from '../ui/local-dates';

export const SESSION_STATUSES: readonly SessionStatus[] = [
  'UNCONFIGURED',
  'OPEN',
  'PARTIALLY_PAID',
  'CAPTURING',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
];
const MODES: readonly Mode[] = ['TEST', 'LIVE'];

/** The explorer's filter form as typed; also what the address's query string holds. Amounts are major units. */
export interface SessionFilterForm {
  integrationId: string;
  statuses: readonly SessionStatus[];
  mode: Mode | '';
  createdFrom: string;
  createdTo: string;
  orderReference: string;
  /** The currency the amounts are typed in: it says how many decimals "120.50" has. */
  currency: string;
  amountMin: string;
  amountMax: string;
}

export type SessionFilterField = Exclude<keyof SessionFilterForm, 'statuses' | 'integrationId' | 'mode'>;

export const EMPTY_FILTER_FORM: SessionFilterForm = {
  integrationId: '',
  statuses: [],
  mode: '',
  createdFrom: '',
  createdTo: '',
  orderReference: '',
  currency: 'NZD',
  amountMin: '',
  amountMax: '',
};

const PARAM: Readonly<Record<Exclude<keyof SessionFilterForm, 'statuses'>, string>> = {
  integrationId: 'integration',
  mode: 'mode',
  createdFrom: 'from',
  createdTo: 'to',
  orderReference: 'ref',
  currency: 'currency',
  amountMin: 'min',
  amountMax: 'max',
};

/** The form from the address (`?status=OPEN&status=COMPLETED&min=10`); unknown values are dropped. */
export function filterFormFromSearch(search: URLSearchParams): SessionFilterForm {
  const text = (key: string, fallback = '') => (search.get(key) ?? fallback).slice(0, 200);
  const mode = search.get(PARAM.mode);
  return {
    integrationId: text(PARAM.integrationId),
    statuses: SESSION_STATUSES.filter((status) => search.getAll('status').includes(status)),
    mode: MODES.find((m) => m === mode) ?? '',
    createdFrom: text(PARAM.createdFrom),
    createdTo: text(PARAM.createdTo),
    orderReference: text(PARAM.orderReference),
    currency: text(PARAM.currency, EMPTY_FILTER_FORM.currency).toUpperCase(),
    amountMin: text(PARAM.amountMin),
    amountMax: text(PARAM.amountMax),
  };
}

/** The address's query string for a form: only what differs from no filter, so a bare /admin/sessions is "everything". */
export function searchFromFilterForm(form: SessionFilterForm): string {
  const search = new URLSearchParams();
  for (const status of form.statuses) search.append('status', status);
  for (const key of Object.keys(PARAM) as (keyof typeof PARAM)[]) {
    const value = form[key].trim();
    if (
      value === '' ||
      (key === 'currency' && (value === EMPTY_FILTER_FORM.currency || (form.amountMin.trim() === '' && form.amountMax.trim() === '')))
    ) {
      continue;
    }
    search.set(PARAM[key], value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const ZERO = /^0+(?:\.0+)?$/;

export interface FilterCheck {
  /** The query's variables; null while a field is wrong. */
  filter: SessionFilter | null;
  errors: Partial<Record<SessionFilterField, string>>;
}

/**
 * The form as SessionFilter variables. Amounts are typed in major units and become minor units
 * through the domain's decimal parser (never float arithmetic): "120.50" NZD -> "12050".
 */
export function sessionFilterFrom(form: SessionFilterForm): FilterCheck {
  const errors: FilterCheck['errors'] = {};
  const filter: SessionFilter = {};
  if (form.integrationId) filter.integrationId = form.integrationId;
  if (form.statuses.length > 0) filter.status = [...form.statuses];
  if (form.mode) filter.mode = form.mode;
  if (form.orderReference.trim()) filter.orderReference = form.orderReference.trim();

  if (form.createdFrom) {
    const from = startOfLocalDay(form.createdFrom);
    if (from === null) errors.createdFrom = 'Enter a date such as 2030-03-12.';
    else filter.createdFrom = from;
  }
  if (form.createdTo) {
    const to = endOfLocalDay(form.createdTo);
    if (to === null) errors.createdTo = 'Enter a date such as 2030-03-12.';
    else if (filter.createdFrom && to <= filter.createdFrom) errors.createdTo = 'The end date is before the start date.';
    else filter.createdTo = to;
  }

  const min = form.amountMin.trim();
  const max = form.amountMax.trim();
  if (min || max) {
    const currency = findCurrency(form.currency.trim().toUpperCase());
    if (!currency) {
      errors.currency = 'Enter a currency code such as NZD.';
    } else {
      // Amounts compare only within one currency: the server filters by it too.
      filter.currency = currency.code;
      const read = (text: string, field: 'amountMin' | 'amountMax', label: string): bigint | undefined => {
        try {
          return parseMajorAmount(text, currency, label);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors[field] = error.message;
          return undefined;
        }
      };
      // A minimum of 0 is no minimum (the domain's amounts start above 0).
      const minMinor = min && !ZERO.test(min) ? read(min, 'amountMin', 'Minimum amount') : undefined;
      const maxMinor = max ? read(max, 'amountMax', 'Maximum amount') : undefined;
      if (minMinor !== undefined) filter.amountMinorMin = minMinor.toString();
      if (maxMinor !== undefined) {
        if (minMinor !== undefined && maxMinor < minMinor) errors.amountMax = 'The maximum is below the minimum.';
        else filter.amountMinorMax = maxMinor.toString();
      }
    }
  }
  return { filter: Object.keys(errors).length === 0 ? filter : null, errors };
}
