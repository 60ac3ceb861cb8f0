/**
 * Server-rendered HTML with escaping by default: every value interpolated into the `html` tag is
 * escaped unless it is itself `SafeHtml` (the output of another `html` call).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

function renderValue(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Shown in the header so nobody mistakes the test processor for a real one. */
  banner?: string;
  /** The processor's pages carry its own header: it is a separate system from the merchant. */
  site?: 'merchant' | 'processor';
  /** Same-origin script files (the CSP allows no inline script); each runs deferred. */
  scripts?: string[];
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f6f4}
header .bar{background:#1f3a5f;color:#fff;padding:.75rem 1rem}
header .bar a,header .bar span{color:#fff;text-decoration:none;font-weight:600}
header.processor .bar{background:#4b2a7a}
.banner{background:#ffe08a;color:#3d2e00;padding:.5rem 1rem;font-weight:600;text-align:center}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
.card{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
.card>:first-child{margin-top:0}.card>:last-child{margin-bottom:0}
.amount{font-size:1.75rem;font-weight:700}
.payee{border-bottom:1px solid #ddd;padding-bottom:.75rem;margin-bottom:.25rem}.payee p{margin:0}
label{display:block;font-weight:600;margin-top:.75rem}
input{width:100%;font:inherit;padding:.6rem;border:1px solid #767676;border-radius:.375rem;margin:.25rem 0 0}
input[aria-invalid="true"]{border:2px solid #b3261e;padding:calc(.6rem - 1px)}
.field-error{color:#b3261e;font-weight:600;margin:.25rem 0 0;font-size:.95rem}
.pair{display:grid;grid-template-columns:1fr 1fr;column-gap:.75rem}
.pair>.field{display:grid;grid-row:span 3;grid-template-rows:subgrid;align-content:start;min-width:0}
.pair>.field>label{align-self:end}
button{font:inherit;font-weight:600;padding:.7rem 1.25rem;border:0;border-radius:.375rem;background:#1f6f43;color:#fff;cursor:pointer;margin-top:1rem;width:100%}
button:disabled{background:#4d7f62;cursor:progress}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.error{background:#fdecea;border:1px solid #d93025;color:#8a1c12;padding:.75rem;border-radius:.375rem}
.error h2{font-size:1rem;margin:0 0 .25rem}.error ul{margin:0;padding-left:1.25rem}.error a{color:#8a1c12}
.ok{background:#e6f4ea;border:1px solid #1e8e3e;color:#0d5223;padding:.75rem;border-radius:.375rem}
.hint{color:#555;font-size:.9rem;margin:.25rem 0 0}
code{font-size:.9em;overflow-wrap:anywhere}
.bookings{list-style:none;margin:0;padding:0}
.booking{display:grid;grid-template-columns:1fr auto;gap:.25rem .75rem;align-items:baseline}
.booking h2{font-size:1.1rem;margin:0}
.booking dl{grid-column:1/-1;display:grid;grid-template-columns:max-content 1fr;gap:.125rem .75rem;margin:.25rem 0 0}
.booking dt{color:#555}.booking dd{margin:0;min-width:0}
.status{font-weight:700;font-size:.85rem;letter-spacing:.03em;padding:.125rem .5rem;border-radius:1rem;white-space:nowrap}
.status.paid{background:#e6f4ea;color:#0d5223;border:1px solid #1e8e3e}
.status.waiting{background:#fff4d6;color:#5c4300;border:1px solid #b38600}
.status.failed{background:#fdecea;color:#8a1c12;border:1px solid #d93025}
.booking .actions{grid-column:1/-1}
a.button{display:block;text-align:center;font-weight:600;padding:.7rem 1.25rem;border-radius:.375rem;margin-top:1rem;text-decoration:none}
button.secondary,a.button.secondary{background:#fff;color:#8a1c12;border:1px solid #8a1c12}
a.button.neutral{background:#fff;color:#1a1a1a;border:1px solid #767676}
button.danger{background:#b3261e}
.refunds{margin:.25rem 0 0;padding-left:1.25rem}
@media (min-width:36rem){.booking dl{grid-template-columns:max-content 1fr max-content 1fr}}
`;

export function renderPage(options: PageOptions): string {
  // The banner belongs to the header landmark: every piece of the page sits in one.
  const banner = options.banner ? html`<div class="banner" role="note">${options.banner}</div>` : '';
  const header =
    options.site === 'processor'
      ? html`<header class="processor">
          <div class="bar"><span>TestPay checkout</span></div>
          ${banner}
        </header>`
      : html`<header>
          <div class="bar"><a href="/">Harbour Table</a> · <a href="/bookings">Bookings</a></div>
          ${banner}
        </header>`;
  const icon = options.site === 'processor' ? '/processor/favicon.svg' : '/favicon.svg';
  const scripts = (options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
        <link rel="icon" href="${icon}" type="image/svg+xml" />
        ${scripts}
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        ${header}
        <main>${options.body}</main>
      </body>
    </html> `.value;
}
