// Checks gateway answers against the committed OpenAPI document: the documented status, and the body against the
// documented schema (ajv, OpenAPI 3.0 schemas with their `nullable`).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiClient, type Response } from '../support/http-client.ts';

interface MediaType {
  schema: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

const committed = (file: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../services/gateway/${file}`, import.meta.url)), 'utf8'),
  ) as Document;
const site = committed('openapi.json');
/** The partner surface (/api/v1) has a document of its own; its schemas are named apart from the site's (V1...). */
const partner = committed('openapi-v1.json');

/** Both committed documents as one: the site's and the partner surface's paths and schemas. */
export const openApiDocument: Document = {
  paths: { ...site.paths, ...partner.paths },
  components: { schemas: { ...partner.components.schemas, ...site.components.schemas } },
};

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
/** `nullable` beside no `type` (any value, e.g. Editor.js block data) means nothing to ajv, which refuses it. */
function withoutBareNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutBareNullable);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(([key]) => key !== 'nullable' || 'type' in node);
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutBareNullable(value)]));
}
ajv.addSchema(withoutBareNullable({ components: openApiDocument.components }) as object, 'openapi.json');
const compiled = new Map<string, ValidateFunction>();

/** The documented path template a concrete path falls under (/api/articles/abc → /api/articles/{id}). */
function templateOf(path: string) {
  const bare = path.split('?', 1)[0]!;
  return Object.keys(openApiDocument.paths)
    .filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/** Throws unless the status is documented for the operation and the JSON body matches its schema. */
export function expectDocumented(method: string, path: string, status: number, body: unknown) {
  const template = templateOf(path);
  if (!template) throw new Error(`${path} is not in the OpenAPI document`);
  const operation = openApiDocument.paths[template]![method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not in the OpenAPI document`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${method} ${template} answered ${status}, which is not documented`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return;
  const key = `${method} ${template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const refs = JSON.parse(
      JSON.stringify(withoutBareNullable(schema)).replaceAll('"#/components', '"openapi.json#/components'),
    );
    validate = ajv.compile(refs);
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${method} ${path} ${status}: body does not match the document: ${ajv.errorsText(validate.errors)}`,
    );
  }
}

/** An ApiClient whose every answer from a documented operation is checked against the document. */
export class DocumentedClient extends ApiClient {
  override async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const response = await super.request<T>(method, path, body, headers);
    const template = templateOf(path);
    if (template && openApiDocument.paths[template]![method.toLowerCase()]) {
      expectDocumented(method, path, response.status, response.body);
    }
    return response;
  }
}
