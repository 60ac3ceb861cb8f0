import PinoPretty from 'pino-pretty';

interface LogLine {
  level?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

/**
 * Log lines for a person at a terminal (development): one line each, time, level label and
 * message; a request is `GET /pay/… 200 (4 ms)`, and successful requests for static files are left
 * out, so the start banner does not scroll away. Errors keep their stack; warnings show the message
 * only. Production keeps JSON lines.
 */
export function readableLogStream(destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  const pretty = PinoPretty({
    destination,
    sync: true,
    colorize: Boolean(destination.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,name,req,res,responseTime',
    messageFormat: (line, messageKey) => {
      const log = line as LogLine;
      const prefix = typeof log.name === 'string' ? `[${log.name}] ` : '';
      if (log.req?.method && log.res) {
        return `${prefix}${log.req.method} ${log.req.url ?? ''} ${log.res.statusCode ?? ''} (${log.responseTime ?? '?'} ms)`;
      }
      return `${prefix}${String(log[messageKey] ?? '')}`;
    },
    customPrettifiers: {
      err: (value, _key, line) => {
        const err = value as { message?: string; code?: string; stack?: string };
        const { level } = line as LogLine;
        const serious = level === 'error' || level === 'fatal';
        return serious && err.stack ? `\n${err.stack}` : `${err.message ?? ''}${err.code ? ` (${err.code})` : ''}`;
      },
    },
  });
  // Quieter still: a page load fetches a dozen static files; their successful requests are not shown.
  return {
    write(line: string): void {
      if (!isQuietRequest(line)) pretty.write(line);
    },
  };
}

const STATIC_FILE = /^\/(pay-assets|docs\/assets)\/|^\/docs\/(reference\.js|page\.css)$|^\/favicon\.ico$/;

function isQuietRequest(line: string): boolean {
  if (!line.includes('"req":')) return false;
  try {
    const { req, res } = JSON.parse(line) as LogLine;
    return (res?.statusCode ?? 500) < 400 && STATIC_FILE.test(req?.url ?? '');
  } catch {
    return false;
  }
}
