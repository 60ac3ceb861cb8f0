import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

const base = {
  DATABASE_URL: 'postgres://merchant:pw@localhost:5432/merchant',
  PAYSPLIT_API_KEY: 'ps_test_supersecretkey',
  PAYSPLIT_INTEGRATION_ID: '3f1c2d4e-0000-4000-8000-000000000001',
  PAYSPLIT_PARTNER_SIGNING_SECRET: 'whsec_cGFydG5lcg==',
  PAYSPLIT_WEBHOOK_SIGNING_SECRET: 'whsec_d2ViaG9vaw==',
};

describe('configuration', () => {
  it('fills the defaults', () => {
    const config = parseConfig(base);
    expect(config.port).toBe(3001);
    expect(config.publicUrl).toBe('http://localhost:3001');
    expect(config.paysplit.baseUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives the public URL from the port and drops a trailing slash', () => {
    expect(parseConfig({ ...base, MERCHANT_DEMO_PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(parseConfig({ ...base, MERCHANT_PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('names every missing or bad variable without echoing any value', () => {
    const attempt = () => parseConfig({ PAYSPLIT_API_KEY: 'sk_live_notours', MERCHANT_DEMO_PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'MERCHANT_DEMO_PORT',
      'DATABASE_URL',
      'PAYSPLIT_API_KEY',
      'PAYSPLIT_INTEGRATION_ID',
      'PAYSPLIT_PARTNER_SIGNING_SECRET',
      'PAYSPLIT_WEBHOOK_SIGNING_SECRET',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('sk_live_notours');
  });
});
