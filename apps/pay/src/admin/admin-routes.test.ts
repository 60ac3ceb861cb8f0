import { describe, expect, it } from 'vitest';
import { matchRoute } from '../routes';
import { adminPaths, matchAdminRoute } from './admin-routes';

describe('admin addresses', () => {
  it('sends /admin and everything under it (only) to the admin chunk', () => {
    expect(matchRoute('/admin')).toEqual({ kind: 'admin', path: '/admin' });
    expect(matchRoute('/admin/sessions/s1')).toEqual({ kind: 'admin', path: '/admin/sessions/s1' });
    expect(matchRoute('/administrator')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/pay/s1')).toEqual({ kind: 'pay', sessionId: 's1' });
  });

  it.each([
    ['/admin', { name: 'dashboard' }],
    ['/admin/', { name: 'dashboard' }],
    ['/admin/integrations', { name: 'integrations' }],
    ['/admin/integrations/new', { name: 'integration-new' }],
    ['/admin/integrations/i-1/', { name: 'integration', integrationId: 'i-1' }],
    ['/admin/sessions', { name: 'sessions' }],
    ['/admin/sessions/a%20b', { name: 'session', sessionId: 'a b' }],
    ['/admin/sessions/%E0%A4%A', { name: 'not-found' }],
    ['/admin/sessions/a/b', { name: 'not-found' }],
    ['/admin/integrations/i-1/requests', { name: 'requests', integrationId: 'i-1' }],
    ['/admin/integrations/i-1/requests/', { name: 'requests', integrationId: 'i-1' }],
    ['/admin/integrations/i-1/requests/r-2', { name: 'request', integrationId: 'i-1', requestLogId: 'r-2' }],
    ['/admin/integrations/i-1/requests/%E0%A4%A', { name: 'not-found' }],
    ['/admin/integrations/i-1/requests/r-2/x', { name: 'not-found' }],
    ['/admin/integrations/i-1/other', { name: 'not-found' }],
    ['/admin/operator-tokens', { name: 'operator-tokens' }],
    ['/admin/account/password', { name: 'change-password' }],
    ['/admin/nope', { name: 'not-found' }],
  ])('reads %s', (path, route) => {
    expect(matchAdminRoute(path)).toEqual(route);
  });

  it('builds the addresses it reads', () => {
    expect(matchAdminRoute(adminPaths.session('x/y'))).toEqual({ name: 'session', sessionId: 'x/y' });
    expect(matchAdminRoute(adminPaths.integration('i 1'))).toEqual({ name: 'integration', integrationId: 'i 1' });
    expect(matchAdminRoute(adminPaths.requests('i/1'))).toEqual({ name: 'requests', integrationId: 'i/1' });
    expect(matchAdminRoute(adminPaths.request('i 1', 'r/2'))).toEqual({ name: 'request', integrationId: 'i 1', requestLogId: 'r/2' });
  });
});
