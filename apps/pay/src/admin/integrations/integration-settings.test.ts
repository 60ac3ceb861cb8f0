import { describe, expect, it } from 'vitest';
import { makeIntegration } from '../test-support/admin-fixtures';
import {
  checkSettings,
  draftFromIntegration,
  eventTypesFor,
  NEW_INTEGRATION_DRAFT,
  type SettingsDraft,
  settingsInput,
} from './integration-settings';

const draft = (overrides: Partial<SettingsDraft>): SettingsDraft => ({ ...NEW_INTEGRATION_DRAFT, name: 'Shop', ...overrides });

describe('integration settings form -> IntegrationSettingsInput', () => {
  it('reads the allowlist one address per line, trimmed, without blanks or repeats', () => {
    const input = settingsInput(
      draft({ redirectAllowlist: ' https://shop.example.com \r\n\nhttps://shop.example.com\nhttps://*.example.org\n' }),
      'create',
    );
    expect(input.redirectAllowlist).toEqual(['https://shop.example.com', 'https://*.example.org']);
  });

  it('leaves empty addresses out of a create, and clears them ("") on an update', () => {
    expect(settingsInput(draft({ webhookUrl: '  ' }), 'create')).not.toHaveProperty('webhookUrl');
    expect(settingsInput(draft({ webhookUrl: '  ', partnerCreatePaymentUrl: ' https://p.example.com/pay ' }), 'update')).toMatchObject({
      webhookUrl: '',
      partnerCreatePaymentUrl: 'https://p.example.com/pay',
    });
  });

  it('sends the partner cancel URL like the other addresses, clears it on update, and checks it is a web address', () => {
    expect(settingsInput(draft({ partnerCancelUrl: ' https://p.example.com/cancel ' }), 'update')).toMatchObject({
      partnerCancelUrl: 'https://p.example.com/cancel',
    });
    expect(settingsInput(draft({ partnerCancelUrl: '' }), 'create')).not.toHaveProperty('partnerCancelUrl');
    expect(settingsInput(draft({ partnerCancelUrl: '' }), 'update')).toMatchObject({ partnerCancelUrl: '' });
    expect(checkSettings(draft({ partnerCancelUrl: 'ftp://p.example.com/cancel' }))).toEqual({
      partnerCancelUrl: 'Enter a full address starting with https://',
    });
  });

  it('sends the partner refund URL like the other addresses, and checks it is a web address', () => {
    expect(settingsInput(draft({ partnerRefundUrl: ' https://p.example.com/refund ' }), 'create')).toMatchObject({
      partnerRefundUrl: 'https://p.example.com/refund',
    });
    expect(settingsInput(draft({ partnerRefundUrl: '' }), 'create')).not.toHaveProperty('partnerRefundUrl');
    expect(settingsInput(draft({ partnerRefundUrl: '' }), 'update')).toMatchObject({ partnerRefundUrl: '' });
    expect(checkSettings(draft({ partnerRefundUrl: 'refund please' }))).toEqual({
      partnerRefundUrl: 'Enter a full address starting with https://',
    });
  });

  it('sends event subscriptions in a stable order, and enabled as set', () => {
    const input = settingsInput(
      draft({ eventSubscriptions: ['SERVICE_REFUND_FAILED', 'SERVICE_SESSION_EXPIRED', 'SERVICE_SESSION_COMPLETED'], enabled: false }),
      'update',
    );
    expect(input.eventSubscriptions).toEqual(['SERVICE_SESSION_COMPLETED', 'SERVICE_SESSION_EXPIRED', 'SERVICE_REFUND_FAILED']);
    expect(input.enabled).toBe(false);
  });

  it('flags a missing name and addresses that are not web addresses', () => {
    expect(
      checkSettings(draft({ name: ' ', webhookUrl: 'javascript:alert(1)', redirectAllowlist: 'https://ok.example\nshop.example.com' })),
    ).toEqual({
      name: 'Give the integration a name.',
      webhookUrl: 'Enter a full address starting with https://',
      redirectAllowlist: '“shop.example.com” is not an origin: give scheme and host only, such as https://shop.example.com.',
    });
    expect(checkSettings(draft({ redirectAllowlist: 'https://shop.example.com/return' })).redirectAllowlist).toMatch(/not an origin/);
    expect(checkSettings(draft({ webhookUrl: 'http://127.0.0.1:4000/webhooks' }))).toEqual({});
  });

  it('checks the brand payers see: an https logo and an accent white text is readable on', () => {
    expect(
      checkSettings(draft({ displayName: 'Harbour Table', logoUrl: 'https://cdn.example.com/l.png', accentColor: '#0F6B5C' })),
    ).toEqual({});
    expect(checkSettings(draft({ logoUrl: 'http://cdn.example.com/l.png', accentColor: '#FFD700' }))).toEqual({
      logoUrl: 'Enter a full image address starting with https://',
      accentColor: expect.stringMatching(/^White text on #FFD700 has contrast 1\.\d\d:1; at least 4\.5:1 is needed/),
    });
    expect(checkSettings(draft({ accentColor: 'teal' })).accentColor).toMatch(/#RRGGBB/);
  });

  it('sends blank brand fields as "" on an update (clearing them) and leaves them out of a create', () => {
    expect(settingsInput(draft({ displayName: ' ', accentColor: '#0f6b5c ' }), 'update')).toMatchObject({
      displayName: '',
      logoUrl: '',
      accentColor: '#0f6b5c',
    });
    expect(settingsInput(draft({}), 'create')).toMatchObject({ displayName: null, logoUrl: null, accentColor: null });
  });
});

describe('capture method', () => {
  it('sends automatic by default, without a hold lifetime, and offers no events of held money', () => {
    const input = settingsInput(draft({}), 'create');
    expect(input).toMatchObject({ captureMethod: 'AUTOMATIC' });
    expect(input).not.toHaveProperty('holdLifetimeSeconds');
    expect(eventTypesFor('AUTOMATIC').map((event) => event.type)).not.toContain('SERVICE_PAYMENT_CAPTURED');
  });

  it('sends manual with its capture URL and the hold lifetime in seconds, and its events in the listed order', () => {
    const manual = draft({
      captureMethod: 'MANUAL',
      partnerCancelUrl: 'https://p.example.com/cancel',
      partnerCaptureUrl: ' https://p.example.com/capture ',
      holdLifetimeSeconds: '48',
      eventSubscriptions: ['SERVICE_PAYMENT_RELEASED', 'SERVICE_SESSION_COMPLETED'],
    });
    expect(checkSettings(manual)).toEqual({});
    expect(settingsInput(manual, 'update')).toMatchObject({
      captureMethod: 'MANUAL',
      partnerCaptureUrl: 'https://p.example.com/capture',
      holdLifetimeSeconds: 172_800,
      eventSubscriptions: ['SERVICE_SESSION_COMPLETED', 'SERVICE_PAYMENT_RELEASED'],
    });
  });

  it('asks for both addresses and a lifetime from 1 hour to 30 days with manual capture', () => {
    expect(checkSettings(draft({ captureMethod: 'MANUAL', holdLifetimeSeconds: '721' }))).toEqual({
      partnerCaptureUrl: 'Manual capture needs the address PaySplit asks for captures at.',
      partnerCancelUrl: 'Manual capture needs this address too: holds are released through it.',
      holdLifetimeSeconds: 'Enter the hours a hold lasts at your processor, from 1 to 720 (30 days).',
    });
    expect(checkSettings(draft({ captureMethod: 'AUTOMATIC', holdLifetimeSeconds: 'soon' }))).toEqual({});
  });

  it('shows an integration’s hold lifetime in hours', () => {
    expect(draftFromIntegration(makeIntegration({ holdLifetimeSeconds: 86_400 })).holdLifetimeSeconds).toBe('24');
  });
});
