import { describe, expect, it } from 'vitest';
import { englishTranslator } from '../test-support/intl';
import { emailStatusLine, formatClock, remindState, retryAtFrom } from './email-status';

// New Zealand English: the clock as the house writes it (2:10 pm).
const en = englishTranslator('en-NZ');

const at = (hours: number, minutes: number, dayOffset = 0) => new Date(2030, 0, 10 + dayOffset, hours, minutes).getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const none = { invitedAt: null, lastRemindedAt: null, nextRemindAllowedAt: null, unsubscribed: false };

describe('formatClock', () => {
  it('says a time today as the clock reads it: 2:10 pm, 12:05 am, 12:00 pm', () => {
    const now = at(9, 0);
    expect(formatClock(en, iso(at(14, 10)), now)).toBe('2:10 pm');
    expect(formatClock(en, iso(at(0, 5)), now)).toBe('12:05 am');
    expect(formatClock(en, iso(at(12, 0)), now)).toBe('12:00 pm');
  });

  it('puts the day in front of any other day', () => {
    const now = at(23, 30);
    expect(formatClock(en, iso(at(0, 30, 1)), now)).toBe('tomorrow 12:30 am');
    expect(formatClock(en, iso(at(8, 0, -2)), now)).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) 8:00 am$/);
    expect(formatClock(en, iso(at(8, 0, 20)), now)).toBe('30 Jan, 8:00 am');
  });
});

describe('emailStatusLine', () => {
  const now = at(15, 0);
  it('says the latest: unsubscribed, then reminded, then invited', () => {
    expect(emailStatusLine(en, none, now)).toBeNull();
    expect(emailStatusLine(en, { ...none, invitedAt: iso(at(10, 0)) }, now)).toBe('Invite sent');
    expect(emailStatusLine(en, { ...none, invitedAt: iso(at(10, 0)), lastRemindedAt: iso(at(14, 10)) }, now)).toBe('Reminded 2:10 pm');
    expect(emailStatusLine(en, { ...none, invitedAt: iso(at(10, 0)), lastRemindedAt: iso(at(14, 10)), unsubscribed: true }, now)).toBe(
      'Unsubscribed',
    );
  });
});

describe('remindState', () => {
  const now = at(15, 0);
  it('is ready without a limit or once it has passed, waits before it, and never for the unsubscribed', () => {
    expect(remindState(none, now)).toEqual({ kind: 'ready' });
    expect(remindState({ ...none, nextRemindAllowedAt: iso(at(14, 59)) }, now)).toEqual({ kind: 'ready' });
    // The server's "now" a few seconds ahead of the phone's is still now.
    expect(remindState({ ...none, nextRemindAllowedAt: iso(now + 20_000) }, now)).toEqual({ kind: 'ready' });
    expect(remindState({ ...none, nextRemindAllowedAt: iso(at(15, 10)) }, now)).toEqual({ kind: 'wait', until: iso(at(15, 10)) });
    expect(remindState({ ...none, unsubscribed: true }, now)).toEqual({ kind: 'unsubscribed' });
  });
});

describe('retryAtFrom', () => {
  it('adds the whole seconds the server asked for to when it answered; ignores anything else', () => {
    const answered = at(15, 0);
    expect(retryAtFrom({ retryAfterSeconds: 599.2 }, answered)).toBe(iso(answered + 600_000));
    expect(retryAtFrom({ retryAfterSeconds: '600' }, answered)).toBeNull();
    expect(retryAtFrom({ retryAfterSeconds: -1 }, answered)).toBeNull();
    expect(retryAtFrom({}, answered)).toBeNull();
  });
});
