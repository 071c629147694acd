import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { CATALOGUE, httpStatusFor, type ErrorCode } from '@pencraft/errors';
import { z } from 'zod';
import { DOC_KEY, type DocSpec } from './doc.decorator.js';

const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
  }),
});

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
}

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(httpStatusFor(code), [...(byStatus.get(httpStatusFor(code)) ?? []), code]);
  const responses: Record<string, object> = {};
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: list.map((code) => `${code}: ${CATALOGUE[code].en}`).join('; '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

/** The OpenAPI 3 document of the public API, read from the controllers' routes and their @Doc specs. */
export function buildOpenApi(controllers: Type<unknown>[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, object>> = {};
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '').replace(/^\/|\/$/g, '');
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const spec = Reflect.getMetadata(DOC_KEY, handler) as DocSpec | undefined;
      if (!spec) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '').replace(/^\/|\/$/g, '');
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
      const path = `/${[base, sub].filter(Boolean).join('/')}`.replace(/:([A-Za-z]+)/g, '{$1}');
      const parameters: object[] = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      if (spec.query) {
        const schema = jsonSchema(spec.query) as { properties?: Record<string, object>; required?: string[] };
        for (const [param, paramSchema] of Object.entries(schema.properties ?? {})) {
          parameters.push({
            name: param,
            in: 'query',
            required: schema.required?.includes(param) ?? false,
            schema: paramSchema,
          });
        }
      }
      const status = String(spec.status ?? 200);
      const errors: ErrorCode[] = [...(spec.errors ?? []), 'TooManyRequests', 'InternalServerError'];
      if (spec.auth === 'required' && !errors.includes('Unauthorized')) errors.push('Unauthorized');
      if (method !== 'get') errors.push('ChallengeFailed');
      paths[path] ??= {};
      paths[path][method] = {
        tags: [spec.tag],
        summary: spec.summary,
        operationId: `${controller.name.replace(/Controller$/, '')}.${name}`,
        ...(parameters.length ? { parameters } : {}),
        ...(spec.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } } }
          : {}),
        ...(spec.auth ? { security: spec.auth === 'required' ? [{ session: [] }] : [{ session: [] }, {}] } : {}),
        ...(method !== 'get'
          ? {
              parameters: [
                ...parameters,
                { name: 'X-CSRF-Token', in: 'header', required: true, schema: { type: 'string' } },
              ],
            }
          : {}),
        responses: {
          [status]: spec.response
            ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(spec.response) } } }
            : { description: 'OK' },
          ...errorResponses(errors),
        },
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Pencraft API',
      version: info.version,
      description:
        'The public HTTP API of Pencraft. Errors carry a catalogue code and a message in the language of Accept-Language (az, en, ru). ' +
        'Unsafe methods need the X-CSRF-Token header echoing the pc_csrf cookie (GET /api/csrf).',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorSchema) },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pc_su' } },
    },
  };
}
