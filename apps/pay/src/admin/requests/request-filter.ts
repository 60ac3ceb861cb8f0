import type { MerchantRequestFilter } from '../gql/graphql';

/** The statuses the filter offers: each class, then the codes the merchant API answers. */
export const STATUS_CHOICES: readonly { value: string; label: string }[] = [
  { value: '2xx', label: '2xx: answered' },
  { value: '4xx', label: '4xx: refused' },
  { value: '5xx', label: '5xx: failed on our side' },
  ...[200, 400, 401, 403, 404, 409, 413, 415, 429, 499, 500, 503].map((code) => ({ value: String(code), label: String(code) })),
];

/** The request log's filter form as typed; also what the address's query string holds. Times are local. */
export interface RequestFilterForm {
  status: string;
  path: string;
  /** `<input type="datetime-local">` text, in the viewer's zone. */
  from: string;
  to: string;
  requestId: string;
  sessionId: string;
}

export type RequestFilterField = keyof RequestFilterForm;

export const EMPTY_REQUEST_FILTER: RequestFilterForm = { status: '', path: '', from: '', to: '', requestId: '', sessionId: '' };

const PARAM: Readonly<Record<RequestFilterField, string>> = {
  status: 'status',
  path: 'path',
  from: 'from',
  to: 'to',
  requestId: 'request',
  sessionId: 'session',
};

/** The form from the address (`?status=4xx&session=…`); an unknown status is dropped. */
export function requestFilterFormFromSearch(search: URLSearchParams): RequestFilterForm {
  const text = (field: RequestFilterField) => (search.get(PARAM[field]) ?? '').slice(0, 200);
  const status = text('status');
  return {
    status: STATUS_CHOICES.some((choice) => choice.value === status) ? status : '',
    path: text('path'),
    from: text('from'),
    to: text('to'),
    requestId: text('requestId'),
    sessionId: text('sessionId'),
  };
}

/** The address's query string for a form: only what is set, so a bare address is "every request". */
export function searchFromRequestFilter(form: RequestFilterForm): string {
  const search = new URLSearchParams();
  for (const field of Object.keys(PARAM) as RequestFilterField[]) {
    const value = form[field].trim();
    if (value) search.set(PARAM[field], value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value as an instant, read in the viewer's zone; null when it is not one. */
export function instantOfLocalTime(text: string): string | null {
  const match = LOCAL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  // Rejects 2030-02-31 and 25:00, which Date would roll over.
  if (date.getFullYear() !== year || date.getMonth() !== month! - 1 || date.getDate() !== day || date.getHours() !== hour) return null;
  return date.toISOString();
}

export interface RequestFilterCheck {
  /** The query's filter (with the integration); null while a field is wrong. */
  filter: MerchantRequestFilter | null;
  errors: Partial<Record<RequestFilterField, string>>;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form as the merchantRequests filter of one integration. */
export function requestFilterFrom(integrationId: string, form: RequestFilterForm): RequestFilterCheck {
  const errors: RequestFilterCheck['errors'] = {};
  const filter: MerchantRequestFilter = { integrationId };
  const status = form.status.trim();
  if (status.endsWith('xx')) filter.statusClass = Number(status[0]);
  else if (status) filter.status = Number(status);
  const path = form.path.trim();
  if (path) {
    if (!path.startsWith('/')) errors.path = 'Start the path with /, as in /api/v1/payments/sessions.';
    else filter.path = path;
  }
  if (form.from) {
    const from = instantOfLocalTime(form.from);
    if (from === null) errors.from = 'Enter a date and time such as 2030-03-12 09:30.';
    else filter.from = from;
  }
  if (form.to) {
    const to = instantOfLocalTime(form.to);
    if (to === null) errors.to = 'Enter a date and time such as 2030-03-12 17:00.';
    else if (filter.from && to <= filter.from) errors.to = 'The end is before the start.';
    else filter.to = to;
  }
  if (form.requestId.trim()) filter.requestId = form.requestId.trim();
  const sessionId = form.sessionId.trim();
  if (sessionId) {
    if (!SESSION_ID.test(sessionId)) errors.sessionId = 'Enter a whole session id, as on the session’s page.';
    else filter.sessionId = sessionId;
  }
  return { filter: Object.keys(errors).length === 0 ? filter : null, errors };
}
