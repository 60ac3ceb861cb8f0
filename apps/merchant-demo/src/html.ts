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
  /** Seconds until the browser reloads the page (used while waiting for a webhook). */
  refreshSeconds?: number;
  /** Shown in the header so nobody mistakes the test processor for a real one. */
  banner?: string;
  /** The processor's pages carry its own header: it is a separate system from the merchant. */
  site?: 'merchant' | 'processor';
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f6f4}
header{background:#1f3a5f;color:#fff;padding:.75rem 1rem}
header a,header span{color:#fff;text-decoration:none;font-weight:600}
header.processor{background:#4b2a7a}
.banner{background:#ffe08a;color:#3d2e00;padding:.5rem 1rem;font-weight:600;text-align:center}
main{max-width:40rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
.amount{font-size:1.75rem;font-weight:700}
label{display:block;font-weight:600;margin-top:.75rem}
input{width:100%;font:inherit;padding:.6rem;border:1px solid #888;border-radius:.375rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{font:inherit;font-weight:600;padding:.7rem 1.25rem;border:0;border-radius:.375rem;background:#1f6f43;color:#fff;cursor:pointer;margin-top:1rem;width:100%}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.error{background:#fdecea;border:1px solid #d93025;color:#8a1c12;padding:.75rem;border-radius:.375rem}
.ok{background:#e6f4ea;border:1px solid #1e8e3e;color:#0d5223;padding:.75rem;border-radius:.375rem}
.hint{color:#555;font-size:.9rem}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddd;vertical-align:top}
.table-wrap{overflow-x:auto}
code{font-size:.9em}
`;

export function renderPage(options: PageOptions): string {
  const refresh = options.refreshSeconds ? html`<meta http-equiv="refresh" content="${options.refreshSeconds}" />` : '';
  const banner = options.banner ? html`<aside class="banner" aria-label="Notice">${options.banner}</aside>` : '';
  const header =
    options.site === 'processor'
      ? html`<header class="processor"><span>TestPay checkout</span></header>`
      : html`<header><a href="/">Harbour Table</a> · <a href="/bookings">Bookings</a></header>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${refresh}
        <title>${options.title}</title>
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        ${header} ${banner}
        <main>${options.body}</main>
      </body>
    </html> `.value;
}
