/** What the host's view says about one participant's emails (null when they gave no address). */
export interface EmailStatus {
  invitedAt: string | null;
  lastRemindedAt: string | null;
  nextRemindAllowedAt: string | null;
  unsubscribed: boolean;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "2:10 pm" on the viewer's clock; a day in front when it is not today ("Tue 2:10 pm", "3 Dec, 2:10 pm"). */
export function formatClock(iso: string, now: number): string {
  const at = new Date(iso);
  const hours = at.getHours();
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${String(at.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) return time;
  const tomorrow = new Date(now + DAY_MS);
  if (at.toDateString() === tomorrow.toDateString()) return `tomorrow ${time}`;
  if (Math.abs(at.getTime() - now) < 6 * DAY_MS) return `${WEEKDAYS[at.getDay()]} ${time}`;
  return `${at.getDate()} ${MONTHS[at.getMonth()]}, ${time}`;
}

/** The roster's line: the latest thing that happened ("Unsubscribed" wins: no more reminders go out). */
export function emailStatusLine(status: EmailStatus, now: number): string | null {
  if (status.unsubscribed) return 'Unsubscribed';
  if (status.lastRemindedAt) return `Reminded ${formatClock(status.lastRemindedAt, now)}`;
  if (status.invitedAt) return 'Invite sent';
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
