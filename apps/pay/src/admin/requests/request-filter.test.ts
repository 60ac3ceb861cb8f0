import { describe, expect, it } from 'vitest';
import {
  EMPTY_REQUEST_FILTER,
  instantOfLocalTime,
  requestFilterFormFromSearch,
  requestFilterFrom,
  searchFromRequestFilter,
} from './request-filter';

const SESSION = '3f9c1c8e-5b7a-4c7e-9a55-0d1f2f0b6a11';

describe('the request log filter', () => {
  it('round-trips through the address, dropping what it does not know', () => {
    const form = {
      ...EMPTY_REQUEST_FILTER,
      status: '404',
      path: '/api/v1',
      from: '2030-03-12T09:30',
      requestId: 'req_1',
      sessionId: SESSION,
    };
    const search = searchFromRequestFilter(form);
    expect(search).toBe(`?status=404&path=%2Fapi%2Fv1&from=2030-03-12T09%3A30&request=req_1&session=${SESSION}`);
    expect(requestFilterFormFromSearch(new URLSearchParams(search))).toEqual(form);
    expect(requestFilterFormFromSearch(new URLSearchParams('status=7xx')).status).toBe('');
    expect(searchFromRequestFilter(EMPTY_REQUEST_FILTER)).toBe('');
  });

  it('sends a class or an exact status, and times as instants of the viewer’s zone', () => {
    expect(requestFilterFrom('int-1', { ...EMPTY_REQUEST_FILTER, status: '5xx' }).filter).toEqual({
      integrationId: 'int-1',
      statusClass: 5,
    });
    expect(requestFilterFrom('int-1', { ...EMPTY_REQUEST_FILTER, status: '429' }).filter).toEqual({ integrationId: 'int-1', status: 429 });
    const from = '2030-03-12T09:30';
    expect(requestFilterFrom('int-1', { ...EMPTY_REQUEST_FILTER, from }).filter?.from).toBe(new Date(2030, 2, 12, 9, 30).toISOString());
  });

  it('names each field it cannot send', () => {
    const { filter, errors } = requestFilterFrom('int-1', {
      ...EMPTY_REQUEST_FILTER,
      path: 'api',
      from: '2030-03-12T10:00',
      to: '2030-03-12T09:00',
      sessionId: 'abc',
    });
    expect(filter).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['path', 'sessionId', 'to']);
    expect(instantOfLocalTime('2030-02-31T10:00')).toBeNull();
    expect(instantOfLocalTime('2030-03-12T25:00')).toBeNull();
  });
});
