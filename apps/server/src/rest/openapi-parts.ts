import { ERROR_HTTP_STATUS, type ErrorCode } from '@paysplit/domain';
import { z } from 'zod';

/** The pieces of the OpenAPI document its builders share (openapi.ts, export-openapi.ts). */
export type JsonObject = Record<string, unknown>;

/**
 * JSON Schema of a zod schema. A schema named with `.meta({ id })` goes into `components.schemas`
 * under that name and is referenced, so generated clients (the SDK's types) get one named type.
 */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonObject>): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  // A named schema comes back as a $ref into its own $defs.
  const ref = typeof json.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(json.$ref)?.[1] : undefined;
  const defs = json.$defs as Record<string, JsonObject> | undefined;
  if (!ref || !defs?.[ref] || Object.keys(defs).length !== 1) return json;
  const named = { ...defs[ref], title: ref };
  const existing = components[ref];
  if (existing && JSON.stringify(existing) !== JSON.stringify(named)) throw new Error(`Two different schemas are named ${ref}`);
  components[ref] = named;
  return { $ref: `#/components/schemas/${ref}` };
}

export const requestIdHeader = {
  'X-Request-Id': { description: 'Identifier of this request (equals requestId in error bodies)', schema: { type: 'string' } },
};

/** The error responses of an operation, one per HTTP status its codes map to. */
export function errorResponses(codes: readonly ErrorCode[]): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        status,
        {
          description: `Error: ${statusCodes.join(', ')}`,
          headers: requestIdHeader,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              example: { success: false, code: statusCodes[0], message: '…', requestId: 'req_…' },
            },
          },
        },
      ]),
  );
}
