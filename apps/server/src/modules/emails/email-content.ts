import { findCurrency, formatMinorAsMajor } from '@paysplit/domain';
import type { EmailKind } from './email-message.entity.js';

/** Everything an email says, read when it is sent (so it shows the session as it stands then). */
export interface EmailFacts {
  kind: EmailKind;
  merchantName: string;
  /** #RRGGBB on which white text reads (the brand's accent), or null for our default. */
  accentColor: string | null;
  description: string | null;
  recipientName: string;
  organiserName: string | null;
  currency: string;
  /** The recipient's share (invitation, reminder), what they paid (receipt) or the total (completion). */
  amountMinor: bigint;
  deadline: Date;
  /** The recipient's own invite link; null for the host (whose link is the host token, never emailed). */
  inviteUrl: string | null;
  /** One-click unsubscribe from this session's reminders; invitations and reminders only. */
  unsubscribeUrl: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The emails' and the unsubscribe page's accent when the merchant set none (white text on it: 6.8:1). */
export const DEFAULT_ACCENT = '#1F5F8B';

/** "NZD 12.50". */
export function formatAmount(minor: bigint, currencyCode: string): string {
  const currency = findCurrency(currencyCode);
  return `${currencyCode} ${currency ? formatMinorAsMajor(minor, currency) : minor.toString()}`;
}

/** "Mon 30 Nov 2026, 12:00 UTC": payers are anywhere, so the zone is said, not guessed. */
export function formatDeadline(deadline: Date): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(deadline);
  return `${text} UTC`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

interface Wording {
  subject: string;
  lead: string;
  action: string | null;
}

function wordingOf(facts: EmailFacts): Wording {
  const what = facts.description ? `${facts.description} at ${facts.merchantName}` : facts.merchantName;
  const share = formatAmount(facts.amountMinor, facts.currency);
  const deadline = formatDeadline(facts.deadline);
  const organiser = facts.organiserName ?? 'Your organiser';
  switch (facts.kind) {
    case 'invitation':
      return {
        subject: `${organiser} invited you to pay your share: ${what}`,
        lead: `${organiser} is splitting the payment for ${what}. Your share is ${share}. Please pay by ${deadline}.`,
        action: 'Pay your share',
      };
    case 'reminder':
      return {
        subject: `Reminder: your share of ${what} is due by ${deadline}`,
        lead: `Your share of ${what} (${share}) is not paid yet. The group payment closes on ${deadline}; if it is not complete by then, the booking may be lost.`,
        action: 'Pay your share',
      };
    case 'receipt':
      return {
        subject: `Receipt: you paid ${share} for ${what}`,
        lead: `Thank you: your payment of ${share} for ${what} is recorded. You do not need to do anything else.`,
        action: facts.inviteUrl ? 'See the group’s progress' : null,
      };
    case 'completion':
      return {
        subject: `Everyone has paid: ${what}`,
        lead: `Every share of ${what} is paid (${share} in total). The payment is complete.`,
        action: null,
      };
  }
}

/** The email as text and as phone-readable HTML (inline CSS, one column, no images, no tracking). */
export function renderEmail(facts: EmailFacts): RenderedEmail {
  const wording = wordingOf(facts);
  const link = wording.action && facts.inviteUrl ? { label: wording.action, url: facts.inviteUrl } : null;
  const footer = `This email was sent by PaySplit for ${facts.merchantName} because ${facts.organiserName ?? 'the organiser'} added your address to a group payment.`;
  const text = [
    `Hello ${facts.recipientName},`,
    '',
    wording.lead,
    ...(link ? ['', `${link.label}: ${link.url}`, '(This link is yours alone: please do not forward it.)'] : []),
    '',
    '--',
    footer,
    ...(facts.unsubscribeUrl ? [`No more reminders for this payment: ${facts.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
  const accent = facts.accentColor ?? DEFAULT_ACCENT;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#555555">This link is yours alone: please do not forward it.</p>`
    : '';
  const unsubscribe = facts.unsubscribeUrl
    ? `<br><a href="${escapeHtml(facts.unsubscribeUrl)}" style="color:#555555">No more reminders for this payment</a>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(wording.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="background:${accent};color:#ffffff;padding:12px 16px;border-radius:6px 6px 0 0;font-weight:bold">${escapeHtml(facts.merchantName)}</div>
<div style="background:#ffffff;padding:16px;border-radius:0 0 6px 6px">
<p style="margin:0 0 16px">Hello ${escapeHtml(facts.recipientName)},</p>
<p style="margin:0">${escapeHtml(wording.lead)}</p>
${button}
</div>
<p style="font-size:13px;color:#555555;padding:0 4px">${escapeHtml(footer)}${unsubscribe}</p>
</div>
</body></html>
`;
  return { subject: wording.subject, text, html };
}
