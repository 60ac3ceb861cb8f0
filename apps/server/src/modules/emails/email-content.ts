import { emailTranslator } from './email-locale.js';
import type { EmailFacts } from './email-wording.js';
import { frameMessages as m, wordingOf } from './email-wording.js';
import { escapeHtml } from '../../security/html-text.js';

export type { EmailFacts } from './email-wording.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The emails' and the unsubscribe page's accent when the merchant set none (white text on it: 6.8:1). */
export const DEFAULT_ACCENT = '#1F5F8B';

export { escapeHtml };

/** The email as text and as phone-readable HTML (inline CSS, one column, no images, no tracking). */
export function renderEmail(facts: EmailFacts): RenderedEmail {
  const wording = wordingOf(facts);
  const t = emailTranslator(facts.locale);
  const link = wording.action && facts.linkUrl ? { label: wording.action, url: facts.linkUrl } : null;
  const hello = facts.recipientName === null ? t(m.helloNoName) : t(m.hello, { name: facts.recipientName });
  // Addresses stay outside the translator: isolating marks would break them when copied.
  const labelled = (label: string, value: string) => t(m.labelled, { label, value });
  const text = [
    hello,
    '',
    ...wording.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(wording.details.length > 0 ? [...wording.details.map(([label, value]) => labelled(label, value)), ''] : []),
    ...(link ? [`${link.label}: ${link.url}`, t(m.linkYours), ''] : []),
    '--',
    wording.footer,
    ...(facts.unsubscribeUrl ? [`${t(m.noMoreReminders)}: ${facts.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
  const accent = facts.accentColor ?? DEFAULT_ACCENT;
  const paragraphs = wording.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n');
  // Label above value: a phone's 360 px column has no room for two columns of long values.
  const details =
    wording.details.length > 0
      ? `<div style="margin:0 0 16px;padding:12px 16px;background:#f7f7f7;border-radius:6px">${wording.details
          .map(
            ([label, value]) =>
              `<div style="margin:6px 0"><div style="font-size:13px;color:#555555">${escapeHtml(label)}</div><div style="word-break:break-word">${escapeHtml(value)}</div></div>`,
          )
          .join('')}</div>`
      : '';
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#555555">${escapeHtml(t(m.linkYoursHtml))}</p>`
    : '';
  const unsubscribe = facts.unsubscribeUrl
    ? `<br><a href="${escapeHtml(facts.unsubscribeUrl)}" style="color:#555555">${escapeHtml(t(m.noMoreReminders))}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(t.tag)}" dir="${t.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(wording.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="background:${accent};color:#ffffff;padding:12px 16px;border-radius:6px 6px 0 0;font-weight:bold">${escapeHtml(facts.merchantName)}</div>
<div style="background:#ffffff;padding:16px;border-radius:0 0 6px 6px">
<p style="margin:0 0 16px">${escapeHtml(hello)}</p>
${paragraphs}
${details}
${button}
</div>
<p style="font-size:13px;color:#555555;padding:0 4px">${escapeHtml(wording.footer)}${unsubscribe}</p>
</div>
</body></html>
`;
  return { subject: wording.subject, text, html };
}
