import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/rest/openapi.js';
import { REST_ROUTES } from '../src/rest/routes.js';

interface Operation {
  operationId: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, { properties: Record<string, { const?: string }> }> };
}

const document = buildOpenApiDocument(REST_ROUTES, 'http://localhost:3000') as unknown as Document;

describe('the OpenAPI document: the whole merchant contract', () => {
  it('passes the OpenAPI 3.1 validator, webhooks included', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('describes every call PaySplit makes to a merchant, each with the Standard Webhooks signature headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        'partnerCreatePayment',
        'partnerRefund',
        'partnerPaymentCancel',
        'partnerPaymentCapture',
        'SERVICE_PAYMENT_RECORDED',
        'SERVICE_GROUP_TIPPED',
        'SERVICE_GROUP_FULL',
        'SERVICE_PAYMENT_CAPTURED',
        'SERVICE_PAYMENT_CAPTURE_FAILED',
        'SERVICE_PAYMENT_RELEASED',
        'SERVICE_REFUND_SUCCEEDED',
        'SERVICE_REFUND_FAILED',
        'SERVICE_SESSION_CANCELLED',
        'SERVICE_SESSION_COMPLETED',
        'SERVICE_SESSION_EXPIRED',
        'SERVICE_GROUP_JOINED',
        'SERVICE_TEST_EVENT',
      ].sort(),
    );
    for (const [name, { post }] of Object.entries(document.webhooks)) {
      const headers = (post.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
      expect(headers, name).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const ref = post.requestBody!.content['application/json']!.schema.$ref!;
      const schema = document.components.schemas[ref.replace('#/components/schemas/', '')]!;
      if (!name.startsWith('partner')) expect(schema.properties.type?.const, name).toBe(name);
    }
    expect(document.webhooks.partnerCreatePayment!.post.responses['200']).toBeDefined();
    expect(document.webhooks.partnerRefund!.post.responses['200']).toBeDefined();
    expect(document.webhooks.partnerPaymentCancel!.post.responses['200']).toBeDefined();
    expect(document.webhooks.partnerPaymentCapture!.post.responses['200']).toBeDefined();
  });

  it('describes the listen connection: its handshake and refusals, and its messages as named schemas', () => {
    const listen = document.paths['/api/v1/listen']!.get!;
    expect(listen.operationId).toBe('listen');
    expect(listen.parameters?.filter((p) => p.in === 'header' && p.required).map((p) => p.name)).toEqual([
      'Upgrade',
      'Sec-WebSocket-Protocol',
    ]);
    expect(Object.keys(listen.responses).sort()).toEqual(['101', '400', '401', '403', '429']);
    expect(String((listen.responses['403'] as { description: string }).description)).toContain('TEST_MODE_ONLY');
    expect(document.components.schemas.ListenReady!.properties.type?.const).toBe('ready');
    expect(document.components.schemas.ListenCall!.properties.type?.const).toBe('call');
    expect(document.components.schemas.ListenAnswer).toBeDefined();
  });

  it('lists the health routes', () => {
    expect(document.paths['/healthz']?.get).toBeDefined();
    expect(document.paths['/readyz']?.get?.responses['503']).toBeDefined();
  });

  it('makes /api/v1/ canonical everywhere and marks every legacy alias deprecated', () => {
    for (const route of REST_ROUTES) {
      const [canonical, ...aliases] = route.paths;
      expect(canonical, route.operationId).toMatch(/^\/api\/v1\//);
      const openApi = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[openApi(canonical!)]![route.method]!.deprecated).toBeUndefined();
      for (const alias of aliases) expect(document.paths[openApi(alias)]![route.method]!.deprecated, alias).toBe(true);
    }
    expect(document.paths['/api/payments/unified']?.get?.deprecated).toBe(true);
    expect(document.paths['/api/payments/sessions']?.post?.deprecated).toBe(true);
  });
});
