import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('matchRoute', () => {
  it('reads a session’s page at both address shapes', () => {
    expect(matchRoute('/pay/s1')).toEqual({ kind: 'pay', sessionId: 's1' });
    expect(matchRoute('/session/s1/')).toEqual({ kind: 'pay', sessionId: 's1' });
    expect(matchRoute('/pay/a%20b')).toEqual({ kind: 'pay', sessionId: 'a b' });
  });

  it('reads an open group’s join link with its code', () => {
    expect(matchRoute('/pay/s1/join', '?code=abc')).toEqual({ kind: 'join', sessionId: 's1', code: 'abc' });
    expect(matchRoute('/pay/s1/join/', '?code=a%2Bb&utm=x')).toEqual({ kind: 'join', sessionId: 's1', code: 'a+b' });
  });

  it('sends a join link without a code, a malformed id or another path to the not-found page', () => {
    expect(matchRoute('/pay/s1/join')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/pay/s1/join', '?code=')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/pay/%E0%A4%A/join', '?code=abc')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/pay/%E0%A4%A')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/session/s1/join', '?code=abc')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/pay/s1/sign-in')).toEqual({ kind: 'unknown' });
    expect(matchRoute('/')).toEqual({ kind: 'unknown' });
  });
});
