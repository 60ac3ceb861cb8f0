import { ERROR_HTTP_STATUS, type ErrorCode } from '@paysplit/domain';
import { z } from 'zod';
import { errorResponseSchema } from './error-response.js';
import type { RestRoute } from './rest-route.js';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  // Component references are inlined: each schema is small and the document stays self-contained.
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  // A schema named with .meta({ id }) comes back as a $ref into its own $defs: unwrap it.
  const ref = typeof json.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(json.$ref)?.[1] : undefined;
  const defs = json.$defs as Record<string, JsonObject> | undefined;
  if (ref && defs?.[ref] && Object.keys(defs).length === 1) return { ...defs[ref], title: ref };
  return json;
}

/** OpenAPI 3.1 for the REST layer, generated from the zod schemas that validate the requests. */
export function buildOpenApiDocument(routes: readonly RestRoute<never, never>[], serverUrl: string): JsonObject {
  const paths: JsonObject = {};
  for (const route of routes) {
    const [canonical, ...aliases] = route.paths;
    for (const path of route.paths) {
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of route.responses.errorCodes) {
        const status = ERROR_HTTP_STATUS[code];
        byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
      }
      const isAlias = path !== canonical;
      const operation: JsonObject = {
        operationId: isAlias ? `${route.operationId}Legacy${aliases.indexOf(path) + 1}` : route.operationId,
        summary: isAlias ? `${route.summary} (legacy alias of ${canonical})` : route.summary,
        ...(route.description ? { description: route.description } : {}),
        ...(route.auth === 'apiKey' ? { security: [{ ApiKey: [] }] } : {}),
        parameters: [
          ...[...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'uuid' },
          })),
          ...(route.query ?? []).map((param) => ({
            name: param.name,
            in: 'query',
            required: param.required,
            description: param.description,
            schema: { type: 'string' },
          })),
          ...(route.headers ?? []).map((header) => ({
            name: header.name,
            in: 'header',
            required: false,
            description: header.description,
            schema: { type: 'string', maxLength: 255 },
          })),
        ],
        ...(route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } }
          : {}),
        responses: {
          200: {
            description: 'Success',
            headers: requestIdHeader,
            content: { 'application/json': { schema: schemaOf(route.responses.success, 'output') } },
          },
          ...Object.fromEntries(
            [...byStatus.entries()]
              .sort(([a], [b]) => a - b)
              .map(([status, codes]) => [
                status,
                {
                  description: `Error: ${codes.join(', ')}`,
                  headers: requestIdHeader,
                  content: {
                    'application/json': {
                      schema: { $ref: '#/components/schemas/Error' },
                      example: { success: false, code: codes[0], message: '…', requestId: 'req_…' },
                    },
                  },
                },
              ]),
          ),
        },
        ...(isAlias ? { deprecated: false } : {}),
      };
      const openApiPath = path.replace(/:([A-Za-z]+)/g, '{$1}');
      paths[openApiPath] = { ...(paths[openApiPath] as JsonObject | undefined), [route.method]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PaySplit API',
      version: '1.0.0',
      description:
        'Split-payment sessions. Amounts are integer minor units as strings (`amountMinor`) unless named `amount` (major units).',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Service-API-Key', description: 'ps_test_… or ps_live_…; server-to-server only' },
      },
      schemas: { Error: schemaOf(errorResponseSchema, 'output') },
    },
  };
}

const requestIdHeader = {
  'X-Request-Id': { description: 'Identifier of this request (equals requestId in error bodies)', schema: { type: 'string' } },
};
