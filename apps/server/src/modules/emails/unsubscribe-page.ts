import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { ReaderLocale } from '@paysplit/domain';
import { DEFAULT_ACCENT, escapeHtml } from './email-content.js';
import { emailTranslator } from './email-locale.js';
import type { UnsubscribeContext } from './email.service.js';

/** The page a payer reaches from "No more reminders for this payment", as it stands after their last step. */
export type UnsubscribeView = 'ask' | 'off' | 'on';

export interface UnsubscribePage {
  html: string;
  /** The origin the page's one image (the merchant's logo) loads from, for the page's CSP; null when there is none. */
  imageOrigin: string | null;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const messages = defineMessages({
  aboutNamedBy: {
    id: 'unsubscribe.about.namedBy',
    defaultMessage: 'the group payment “{purchase}”, organised by {organiser}',
    description: 'What the reminders are about, used inside sentences',
  },
  aboutNamed: {
    id: 'unsubscribe.about.named',
    defaultMessage: 'the group payment “{purchase}”',
    description: 'What the reminders are about',
  },
  aboutBy: {
    id: 'unsubscribe.about.by',
    defaultMessage: 'a group payment, organised by {organiser}',
    description: 'What the reminders are about',
  },
  aboutPlain: { id: 'unsubscribe.about.plain', defaultMessage: 'a group payment', description: 'What the reminders are about' },
  receiptSent: {
    id: 'unsubscribe.receiptSent',
    defaultMessage: 'Your receipt was sent when you paid.',
    description: 'A payer who has paid',
  },
  receiptStill: {
    id: 'unsubscribe.receiptStill',
    defaultMessage: 'Still sent: your receipt, when you pay your share.',
    description: 'A payer who has not paid',
  },
  linkKeepsWorking: {
    id: 'unsubscribe.linkKeepsWorking',
    defaultMessage: 'Your invite link keeps working: you can still pay your share.',
    description: 'A payer who has not paid, while the payment runs',
  },
  scope: {
    id: 'unsubscribe.scope',
    defaultMessage: 'Only the reminders about this group payment change; other payments with {merchant} are not affected.',
    description: 'What stopping reminders changes',
  },
  offTitle: { id: 'unsubscribe.off.title', defaultMessage: 'Reminders are off', description: 'Heading after stopping reminders' },
  off: {
    id: 'unsubscribe.off.body',
    defaultMessage: 'You will get no more reminder emails from {merchant} about {about}.',
    description: 'After stopping reminders',
  },
  turnBackOn: { id: 'unsubscribe.turnBackOn', defaultMessage: 'Turn reminders back on', description: 'Button that undoes the unsubscribe' },
  noneComingTitle: {
    id: 'unsubscribe.noneComing.title',
    defaultMessage: 'No reminders are coming',
    description: 'Heading when nothing is left to stop',
  },
  noneComingPaid: {
    id: 'unsubscribe.noneComing.paid',
    defaultMessage: 'You have paid your share, so {merchant} sends no more reminders about {about}. There is nothing to stop.',
    description: 'The payer has paid',
  },
  noneComingEnded: {
    id: 'unsubscribe.noneComing.ended',
    defaultMessage: 'This group payment has ended, so {merchant} sends no more reminders about {about}. There is nothing to stop.',
    description: 'The payment has ended',
  },
  onTitle: { id: 'unsubscribe.on.title', defaultMessage: 'Reminders are back on', description: 'Heading after turning reminders back on' },
  on: {
    id: 'unsubscribe.on.body',
    defaultMessage: '{merchant} will remind you about {about} before its deadline, until you pay.',
    description: 'After turning reminders back on',
  },
  stop: { id: 'unsubscribe.stop', defaultMessage: 'Stop reminders', description: 'Button that stops reminders' },
  askTitle: {
    id: 'unsubscribe.ask.title',
    defaultMessage: 'Stop reminder emails?',
    description: 'Heading of the page a payer reaches from the email',
  },
  ask: {
    id: 'unsubscribe.ask.body',
    defaultMessage: '{merchant} sends you reminder emails about {about}, until you pay your share or the deadline passes.',
    description: 'Before stopping reminders',
  },
  stopsEvery: {
    id: 'unsubscribe.stopsEvery',
    defaultMessage: 'Stopping them stops every reminder about this group payment, including any the organiser sends.',
    description: 'What stopping reminders does',
  },
  footer: { id: 'unsubscribe.footer', defaultMessage: 'PaySplit sends these emails for {merchant}.', description: 'Footer' },
  logo: { id: 'unsubscribe.logo', defaultMessage: '{merchant} logo', description: 'Alt text of the merchant’s logo' },
  invalidTitle: {
    id: 'unsubscribe.invalid.title',
    defaultMessage: 'This link is not valid',
    description: 'Heading for a link that is not ours',
  },
  invalidTab: { id: 'unsubscribe.invalid.tab', defaultMessage: 'Link not valid', description: 'Tab title for a link that is not ours' },
  invalid: {
    id: 'unsubscribe.invalid.body',
    defaultMessage:
      'If you copied it from an email, check that it is complete: it ends with the whole of the long code after “t=”. Nothing was changed.',
    description: 'For a link that is not ours',
  },
  invalidFooter: { id: 'unsubscribe.invalid.footer', defaultMessage: 'PaySplit runs group payments for merchants.', description: 'Footer' },
});

/**
 * The unsubscribe page in the merchant's colours, like the email it came from and in its
 * language: whose reminders, about which group payment, what stops, what still arrives, and the
 * way back. No script, one column that fits a phone; the accent is the merchant's (white text on
 * it passes 4.5:1, checked when it was set) and the forms post back to the same token.
 */
export function renderUnsubscribePage(context: UnsubscribeContext, view: UnsubscribeView, token: string): UnsubscribePage {
  const t = emailTranslator(context.locale);
  // Every sentence is escaped whole: the merchant's and organiser's names are theirs to write.
  const say = (descriptor: MessageDescriptor, values?: Record<string, string>) => escapeHtml(t(descriptor, values));
  const merchant = context.merchantName;
  const purchase = context.description;
  const organiser = context.organiserName;
  const about = purchase
    ? organiser
      ? t(messages.aboutNamedBy, { purchase, organiser })
      : t(messages.aboutNamed, { purchase })
    : organiser
      ? t(messages.aboutBy, { organiser })
      : t(messages.aboutPlain);
  const query = `t=${encodeURIComponent(token)}`;
  const stillSent = `<li>${say(context.paid ? messages.receiptSent : messages.receiptStill)}</li>`;
  const inviteLink = context.paid || context.ended ? '' : `<li>${say(messages.linkKeepsWorking)}</li>`;
  const scope = `<li>${say(messages.scope, { merchant })}</li>`;

  let heading: string;
  let body: string;
  if (view === 'off') {
    heading = t(messages.offTitle);
    body = `<p role="status">${say(messages.off, { merchant, about })}</p>
<ul>${stillSent}${inviteLink}${scope}</ul>
${context.ended ? '' : form(`/email/unsubscribe/undo?${query}`, t(messages.turnBackOn), 'secondary')}`;
  } else if (context.paid || context.ended) {
    heading = t(messages.noneComingTitle);
    body = `<p>${say(context.paid ? messages.noneComingPaid : messages.noneComingEnded, { merchant, about })}</p>
<ul>${stillSent}</ul>`;
  } else if (view === 'on') {
    heading = t(messages.onTitle);
    body = `<p role="status">${say(messages.on, { merchant, about })}</p>
<ul>${stillSent}${inviteLink}</ul>
${form(`/email/unsubscribe?${query}`, t(messages.stop), 'primary')}`;
  } else {
    heading = t(messages.askTitle);
    body = `<p>${say(messages.ask, { merchant, about })}</p>
<ul><li>${say(messages.stopsEvery)}</li>${stillSent}${inviteLink}${scope}</ul>
${form(`/email/unsubscribe?${query}`, t(messages.stop), 'primary')}`;
  }
  const logo = logoOf(context, t(messages.logo, { merchant }));
  return {
    html: page({
      lang: t.tag,
      dir: t.dir,
      title: `${heading} · ${context.merchantName}`,
      accent: accentOf(context),
      brand: `${logo?.img ?? ''}<span>${escapeHtml(merchant)}</span>`,
      heading: escapeHtml(heading),
      body,
      footer: say(messages.footer, { merchant }),
    }),
    imageOrigin: logo?.origin ?? null,
  };
}

/** For a link that is not ours (mistyped, cut short): PaySplit's own colours, nothing about anyone, in the browser's language. */
export function renderInvalidUnsubscribeLink(locale: ReaderLocale): UnsubscribePage {
  const t = emailTranslator(locale);
  return {
    html: page({
      lang: t.tag,
      dir: t.dir,
      title: `${t(messages.invalidTab)} · PaySplit`,
      accent: DEFAULT_ACCENT,
      brand: '<span>PaySplit</span>',
      heading: escapeHtml(t(messages.invalidTitle)),
      body: `<p>${escapeHtml(t(messages.invalid))}</p>`,
      footer: escapeHtml(t(messages.invalidFooter)),
    }),
    imageOrigin: null,
  };
}

function accentOf(context: UnsubscribeContext): string {
  return context.accentColor && HEX_COLOUR.test(context.accentColor) ? context.accentColor : DEFAULT_ACCENT;
}

function logoOf(context: UnsubscribeContext, alt: string): { img: string; origin: string } | null {
  if (!context.logoUrl) return null;
  let url: URL;
  try {
    url = new URL(context.logoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  return {
    img: `<img src="${escapeHtml(url.href)}" alt="${escapeHtml(alt)}" width="40" height="40" referrerpolicy="no-referrer">`,
    origin: url.origin,
  };
}

/** A form that posts to `action`: the RFC 8058 field rides along, so a mail provider's own POST and this button do the same. */
function form(action: string, label: string, kind: 'primary' | 'secondary'): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;
}

/** Every part but `title` is trusted HTML, escaped by the caller. */
function page(parts: {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  accent: string;
  brand: string;
  heading: string;
  body: string;
  footer: string;
}): string {
  const { lang, dir, title, accent, brand, heading, body, footer } = parts;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; background: #f3f5f8; color: #1b1f24; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .brand { background: ${accent}; color: #fff; font-weight: 700; font-size: 1.1rem; }
  .brand div { display: flex; align-items: center; gap: .75rem; max-width: 34rem; margin: 0 auto; padding: .9rem 1.25rem; }
  .brand img { width: 40px; height: 40px; border-radius: 6px; background: #fff; object-fit: contain; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1.25rem 2.5rem; overflow-wrap: break-word; }
  h1 { font-size: 1.5rem; line-height: 1.25; margin: .25rem 0 1rem; }
  ul { padding-inline-start: 1.25rem; }
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
