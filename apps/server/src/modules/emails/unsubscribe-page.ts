import { DEFAULT_ACCENT, escapeHtml } from './email-content.js';
import type { UnsubscribeContext } from './email.service.js';

/** The page a payer reaches from "No more reminders for this payment", as it stands after their last step. */
export type UnsubscribeView = 'ask' | 'off' | 'on';

export interface UnsubscribePage {
  html: string;
  /** The origin the page's one image (the merchant's logo) loads from, for the page's CSP; null when there is none. */
  imageOrigin: string | null;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The unsubscribe page in the merchant's colours, like the email it came from: whose reminders,
 * about which group payment, what stops, what still arrives, and the way back. No script, one
 * column that fits a phone; the accent is the merchant's (white text on it passes 4.5:1, checked
 * when it was set) and the forms post back to the same token.
 */
export function renderUnsubscribePage(context: UnsubscribeContext, view: UnsubscribeView, token: string): UnsubscribePage {
  const merchant = escapeHtml(context.merchantName);
  const about = context.description ? `the group payment “${escapeHtml(context.description)}”` : 'a group payment';
  const organised = context.organiserName ? `, organised by ${escapeHtml(context.organiserName)}` : '';
  const query = `t=${encodeURIComponent(token)}`;
  const stillSent = context.paid
    ? '<li>Your receipt was sent when you paid.</li>'
    : '<li>Still sent: your receipt, when you pay your share.</li>';
  const inviteLink = context.paid || context.ended ? '' : '<li>Your invite link keeps working: you can still pay your share.</li>';
  const scope = `<li>Only the reminders about this group payment change; other payments with ${merchant} are not affected.</li>`;

  let heading: string;
  let body: string;
  if (view === 'off') {
    heading = 'Reminders are off';
    body = `<p role="status">You will get no more reminder emails from ${merchant} about ${about}${organised}.</p>
<ul>${stillSent}${inviteLink}${scope}</ul>
${context.ended ? '' : form(`/email/unsubscribe/undo?${query}`, 'Turn reminders back on', 'secondary')}`;
  } else if (context.paid || context.ended) {
    heading = 'No reminders are coming';
    body = `<p>${
      context.paid ? 'You have paid your share' : 'This group payment has ended'
    }, so ${merchant} sends no more reminders about ${about}${organised}. There is nothing to stop.</p>
<ul>${stillSent}</ul>`;
  } else if (view === 'on') {
    heading = 'Reminders are back on';
    body = `<p role="status">${merchant} will remind you about ${about}${organised ? `${organised},` : ''} before its deadline, until you pay.</p>
<ul>${stillSent}${inviteLink}</ul>
${form(`/email/unsubscribe?${query}`, 'Stop reminders', 'primary')}`;
  } else {
    heading = 'Stop reminder emails?';
    body = `<p>${merchant} sends you reminder emails about ${about}${organised}, until you pay your share or the deadline passes.</p>
<ul><li>Stopping them stops every reminder about this group payment, including any the organiser sends.</li>${stillSent}${inviteLink}${scope}</ul>
${form(`/email/unsubscribe?${query}`, 'Stop reminders', 'primary')}`;
  }
  const logo = logoOf(context);
  return {
    html: page({
      title: `${heading} · ${context.merchantName}`,
      accent: accentOf(context),
      brand: `${logo?.img ?? ''}<span>${merchant}</span>`,
      heading,
      body,
      footer: `PaySplit sends these emails for ${merchant}.`,
    }),
    imageOrigin: logo?.origin ?? null,
  };
}

/** For a link that is not ours (mistyped, cut short): PaySplit's own colours, nothing about anyone. */
export function renderInvalidUnsubscribeLink(): UnsubscribePage {
  return {
    html: page({
      title: 'Link not valid · PaySplit',
      accent: DEFAULT_ACCENT,
      brand: '<span>PaySplit</span>',
      heading: 'This link is not valid',
      body: '<p>If you copied it from an email, check that it is complete: it ends with the whole of the long code after “t=”. Nothing was changed.</p>',
      footer: 'PaySplit runs group payments for merchants.',
    }),
    imageOrigin: null,
  };
}

function accentOf(context: UnsubscribeContext): string {
  return context.accentColor && HEX_COLOUR.test(context.accentColor) ? context.accentColor : DEFAULT_ACCENT;
}

function logoOf(context: UnsubscribeContext): { img: string; origin: string } | null {
  if (!context.logoUrl) return null;
  let url: URL;
  try {
    url = new URL(context.logoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  return {
    img: `<img src="${escapeHtml(url.href)}" alt="${escapeHtml(context.merchantName)} logo" width="40" height="40" referrerpolicy="no-referrer">`,
    origin: url.origin,
  };
}

/** A form that posts to `action`: the RFC 8058 field rides along, so a mail provider's own POST and this button do the same. */
function form(action: string, label: string, kind: 'primary' | 'secondary'): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;
}

/** Every part but `title` is trusted HTML, escaped by the caller. */
function page(parts: { title: string; accent: string; brand: string; heading: string; body: string; footer: string }): string {
  const { title, accent, brand, heading, body, footer } = parts;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; background: #f3f5f8; color: #1b1f24; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .brand { background: ${accent}; color: #fff; font-weight: 700; font-size: 1.1rem; }
  .brand div { display: flex; align-items: center; gap: .75rem; max-width: 34rem; margin: 0 auto; padding: .9rem 1.25rem; }
  .brand img { width: 40px; height: 40px; border-radius: 6px; background: #fff; object-fit: contain; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1.25rem 2.5rem; overflow-wrap: break-word; }
  h1 { font-size: 1.5rem; line-height: 1.25; margin: .25rem 0 1rem; }
  ul { padding-left: 1.25rem; }
  li { margin: .35rem 0; }
  button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: .6rem 1.2rem; border-radius: .4rem; cursor: pointer; margin-top: .5rem; }
  button.primary { background: ${accent}; color: #fff; border: 2px solid ${accent}; }
  button.secondary { background: #fff; color: ${accent}; border: 2px solid ${accent}; }
  button:focus-visible { outline: 3px solid #c24e00; outline-offset: 2px; }
  footer { max-width: 34rem; margin: 0 auto; padding: 0 1.25rem 2rem; color: #556069; font-size: .875rem; }
</style></head>
<body>
<header class="brand"><div>${brand}</div></header>
<main>
<h1>${heading}</h1>
${body}
</main>
<footer><p>${footer}</p></footer>
</body></html>
`;
}
