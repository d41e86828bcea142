import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'data', 'msg'],
    properties: {
      status: { type: 'integer', description: `${Status.OK} on success; see the status table in the API guide`, examples: [Status.OK] },
      data: data,
      msg: { type: 'string', description: 'Message in the caller\'s Accept-Language' },
    },
  };
}

function queryParameters(operation: Operation): JsonSchema[] {
  const schema = schemaOf(operation.input, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function requestBody(operation: Operation): JsonSchema | undefined {
  if (operation.encoding === 'query') return undefined;
  if (operation.encoding === 'multipart') {
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    };
  }
  const mediaType = operation.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return { required: true, content: { [mediaType]: { schema: schemaOf(operation.input, 'input') } } };
}

/** The OpenAPI 3.1 document, generated from the contract operations (never written by hand). */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of ALL_OPERATIONS) {
    const path = `/api${operation.path}`;
    const entry: JsonSchema = {
      operationId: operation.id,
      summary: operation.summary,
      tags: [operation.tag],
      ...(operation.roles ? { description: `Roles: ${operation.roles.join(', ')}` } : {}),
      ...(operation.auth === 'session' ? { security: [{ sessionToken: [] }] } : { security: [] }),
      parameters: [
        { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', default: 'en-us' } },
        ...(operation.encoding === 'query' ? queryParameters(operation) : []),
      ],
      responses: {
        '200': {
          description: 'Envelope; status other than 200 is a failure with a localized msg',
          content: { 'application/json': { schema: envelope(schemaOf(operation.output, 'output')) } },
        },
      },
    };
    const body = requestBody(operation);
    if (body) entry.requestBody = body;
    paths[path] = { ...(paths[path] ?? {}), [operation.method.toLowerCase()]: entry };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil API',
      version,
      description: 'Every answer is HTTP 200 with {status, data, msg}. Status 100: no or unknown S-token; 101: session expired or revoked.',
    },
    components: { securitySchemes: { sessionToken: { type: 'apiKey', in: 'header', name: 'S-token' } } },
    paths,
  };
}
