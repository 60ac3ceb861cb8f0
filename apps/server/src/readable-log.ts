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
 * message; a request is `GET /pay/… 200 (4 ms)`, so the start banner does not scroll away under
 * JSON. Errors keep their stack; warnings show the message only. Production keeps JSON lines.
 */
export function readableLogStream(destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  return PinoPretty({
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
}
