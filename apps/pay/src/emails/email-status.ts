import { defineMessages } from 'react-intl';
import type { Translator } from '../i18n/translator';

/** What the host's view says about one participant's emails (null when they gave no address). */
export interface EmailStatus {
  invitedAt: string | null;
  lastRemindedAt: string | null;
  nextRemindAllowedAt: string | null;
  unsubscribed: boolean;
}

const messages = defineMessages({
  dayAndTime: {
    id: 'clock.dayAndTime',
    defaultMessage: '{day} {time}',
    description: 'A time on another day: “tomorrow 2:10 pm”, “Tue 2:10 pm”',
  },
  unsubscribed: { id: 'emails.unsubscribed', defaultMessage: 'Unsubscribed', description: 'The person turned off reminder emails' },
  reminded: {
    id: 'emails.reminded',
    defaultMessage: 'Reminded {at}',
    description: 'When the last reminder went; at is a time such as 2:10 pm',
  },
  inviteSent: { id: 'emails.inviteSent', defaultMessage: 'Invite sent', description: 'The invitation email went' },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** "2:10 pm" on the viewer's clock; a day in front when it is not today ("tomorrow 2:10 pm", "Tue 2:10 pm", "3 Dec, 2:10 pm"). */
export function formatClock(t: Translator, iso: string, now: number): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(t.locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) return time;
  const tomorrow = new Date(now + DAY_MS);
  if (at.toDateString() === tomorrow.toDateString()) {
    return t(messages.dayAndTime, { day: new Intl.RelativeTimeFormat(t.locale, { numeric: 'auto' }).format(1, 'day'), time });
  }
  if (Math.abs(at.getTime() - now) < 6 * DAY_MS) {
    return t(messages.dayAndTime, { day: new Intl.DateTimeFormat(t.locale, { weekday: 'short' }).format(at), time });
  }
  return new Intl.DateTimeFormat(t.locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
}

/** The roster's line: the latest thing that happened ("Unsubscribed" wins: no more reminders go out). */
export function emailStatusLine(t: Translator, status: EmailStatus, now: number): string | null {
  if (status.unsubscribed) return t(messages.unsubscribed);
  if (status.lastRemindedAt) return t(messages.reminded, { at: formatClock(t, status.lastRemindedAt, now) });
  if (status.invitedAt) return t(messages.inviteSent);
  return null;
}

export type RemindState = { kind: 'ready' } | { kind: 'wait'; until: string } | { kind: 'unsubscribed' };

/** Clock difference between the server and the phone that still counts as "now". */
const CLOCK_SKEW_MS = 30_000;

/**
 * Whether the host may send a reminder now; the server has the last word (once an hour per
 * person). It says "allowed" as its own now, so a time within the skew of ours is ready.
 */
export function remindState(status: EmailStatus, now: number): RemindState {
  if (status.unsubscribed) return { kind: 'unsubscribed' };
  if (status.nextRemindAllowedAt && Date.parse(status.nextRemindAllowedAt) > now + CLOCK_SKEW_MS) {
    return { kind: 'wait', until: status.nextRemindAllowedAt };
  }
  return { kind: 'ready' };
}

/** A refusal's retry time: the server's retryAfterSeconds from the moment it answered. */
export function retryAtFrom(extensions: Readonly<Record<string, unknown>>, answeredAt: number): string | null {
  const seconds = extensions.retryAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  return new Date(answeredAt + Math.ceil(seconds) * 1000).toISOString();
}
