import { EXPORT_COLUMNS, EXPORT_FORMATS, EXPORT_KINDS } from '@paysplit/domain';
import { EXPORT_ERROR_CODES, EXPORT_PATH, EXPORT_QUERY, exportOperationId, exportRowSchema } from './exports.js';
import { errorResponses, type JsonObject, requestIdHeader, schemaOf } from './openapi-parts.js';

/** `GET /api/v1/exports/{kind}` as one path per kind, each with the schema of its rows (rest/exports.ts). */
export function exportPaths(components: Record<string, JsonObject>): JsonObject {
  return Object.fromEntries(
    EXPORT_KINDS.map((kind) => [
      EXPORT_PATH.replace(':kind', kind),
      {
        get: {
          operationId: exportOperationId(kind),
          summary: `Export the ${kind} created in a range (CSV or JSON lines)`,
          tags: ['Exports'],
          description:
            `The API key's integration's ${kind}, in the key's mode, created in [from, to), oldest first, streamed as they are read: ` +
            "the first rows arrive at once, whatever the size. The columns are docs/exports.md's, in this order, and only ever grow " +
            'at the end. Amounts come twice: in minor units (`amount_minor`) and as an exact decimal in major units (`amount`); fee ' +
            'columns are empty. Instants are UTC. A response cut off before its end (the connection closes without the last chunk) ' +
            'is incomplete: export again.',
          security: [{ ApiKey: [] }],
          parameters: EXPORT_QUERY.map((param) => ({
            name: param.name,
            in: 'query',
            required: param.required,
            description: param.description,
            schema: param.name === 'format' ? { type: 'string', enum: [...EXPORT_FORMATS] } : { type: 'string' },
          })),
          responses: {
            200: {
              description:
                'The rows, as a file (Content-Disposition: attachment); in JSON lines each line is one object of the schema given',
              headers: {
                ...requestIdHeader,
                'Content-Disposition': {
                  description: 'attachment; filename="paysplit-<kind>-<mode>-<from>-<to>.<format>"',
                  schema: { type: 'string' },
                },
              },
              content: {
                'text/csv': {
                  schema: { type: 'string', description: 'RFC 4180: a header line of the column names, then one record per row, CRLF' },
                  example: `${EXPORT_COLUMNS[kind].map((column) => column.name).join(',')}\r\n`,
                },
                'application/x-ndjson': {
                  schema: schemaOf(exportRowSchema(kind), 'output', components),
                },
              },
            },
            ...errorResponses(EXPORT_ERROR_CODES),
          },
        },
      },
    ]),
  );
}
