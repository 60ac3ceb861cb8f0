import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';

function capture(readable: boolean) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger({ level: 'info', readable, destination: stream }), text: () => text };
}

describe('log lines for a person at a terminal', () => {
  it('prints one line per entry with level labels, short request lines, no static-file noise, and still redacts', () => {
    const { logger, text } = capture(true);
    logger.info(
      { requestId: 'req_1', req: { method: 'GET', url: '/pay-assets/index-1.js' }, res: { statusCode: 200 }, responseTime: 2 },
      'request completed',
    );
    logger.info(
      { requestId: 'req_2', req: { method: 'POST', url: '/api/v1/payments/sessions' }, res: { statusCode: 201 }, responseTime: 9 },
      'request completed',
    );
    logger.warn({ err: Object.assign(new Error('connection lost'), { code: 'ECONNRESET' }) }, 'change feed connection lost; reconnecting');
    logger.info({ apiKey: 'ps_test_abcdefghijklmnop' }, 'using ps_test_abcdefghijklmnopq');
    const lines = text();
    expect(lines).not.toContain('/pay-assets/');
    expect(lines).toMatch(/INFO: POST \/api\/v1\/payments\/sessions 201 \(9 ms\)/);
    expect(lines).toMatch(/WARN: change feed connection lost; reconnecting/);
    expect(lines).toContain('connection lost (ECONNRESET)');
    expect(lines).not.toMatch(/\n\s+at /);
    expect(lines).not.toContain('ps_test_abc');
    expect(lines).not.toMatch(/"level":/);
  });

  it('keeps JSON lines with level labels otherwise (production, or not a terminal)', () => {
    const { logger, text } = capture(false);
    logger.info({ requestId: 'req_1' }, 'hello');
    expect(JSON.parse(text())).toMatchObject({ level: 'info', msg: 'hello', requestId: 'req_1' });
  });
});
