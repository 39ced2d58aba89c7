import { z } from 'zod';
import { adminEndpoints, APP_VERSION, endpoints, type Endpoint } from '../../contract';
import { errorBody } from '../../contract/endpoints/common';
import { NOT_OFFERED } from './not-offered';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The OpenAPI 3.1 document, generated from the contract: every endpoint this server mounts. */
export function buildOpenApi(options: { sandbox: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries({ ...endpoints, ...adminEndpoints }) as [string, Endpoint][]) {
    if ((e.access === 'sandbox' || e.path.startsWith('/api/sandbox/')) && !options.sandbox) continue;
    if (NOT_OFFERED.has(name as keyof typeof endpoints)) continue;
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', e.params], ['query', e.query]] as const) {
      if (!schema) continue;
      const json = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [key, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name: key, in: where, required: where === 'path' || (json.required ?? []).includes(key), schema: prop });
      }
    }
    const headers: unknown[] = [];
    if (e.access === 'member' || e.access === 'operator') {
      headers.push({ name: 'X-Client', in: 'header', required: true, schema: { const: 'member-wallet' } });
    }
    if (e.idempotent) {
      headers.push({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 8, maxLength: 128 } });
    }
    const operation: Record<string, unknown> = {
      operationId: name,
      tags: [e.tag],
      summary: e.summary,
      parameters: [...parameters, ...headers],
      responses: {
        200: e.download
          ? { description: e.response.description ?? 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'OK', content: { 'application/json': { schema: toSchema(e.response, 'output') } } },
        default: { description: 'Refused: { message: ERROR_CODE }', content: { 'application/json': { schema: toSchema(errorBody, 'output') } } },
      },
      ...(e.access === 'member' || e.access === 'operator' ? { security: [{ bearer: [] }] } : {}),
    };
    if (e.body) {
      const type = e.multipart ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { required: true, content: { [type]: { schema: toSchema(e.body, 'input') } } };
    }
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Member wallet API', version: APP_VERSION },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
