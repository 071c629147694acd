// The attacker's matrix, read from the committed OpenAPI documents: every operation of the site's document
// (services/gateway/openapi.json) and of the partner surface's (openapi-v1.json), who may call it (x-pencraft-auth,
// written from each route's declaration by the gateway's document builder), how to fill its path and query from
// the resources a suite seeded, and a request body valid by its schema (so that a refusal is the route's authorization
// and not its validation). An operation whose auth kind or path parameter the matrix does not know is unclassified,
// and the suite fails on it: nothing is left out silently.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type AuthKind = 'none' | 'optional' | 'required' | 'confirmed' | 'staff' | 'signature' | 'partner';
const KINDS: readonly AuthKind[] = ['none', 'optional', 'required', 'confirmed', 'staff', 'signature', 'partner'];

export interface AuthDeclaration {
  kind: AuthKind;
  whileBanned?: boolean;
  staffRole?: 'moderator' | 'admin' | 'finance';
  scopes?: string[];
  captcha?: string;
}

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  document: 'site' | 'partner';
  id: string;
  method: string;
  /** The path in OpenAPI form: /api/articles/{id}. */
  path: string;
  auth: AuthDeclaration;
  /** A cookie-authenticated write: the document asks for the CSRF cookie and header. */
  csrf: boolean;
  /** A partner operation a personal access token may call (the document offers personalToken). */
  tokenMayCall: boolean;
  parameters: Parameter[];
  body?: Schema;
  /** A raw body (an upload): its first media type. */
  binaryType?: string;
}

interface Document {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${ROOT}/services/gateway/${file}`, 'utf8')) as Document;
export const DOCUMENTS = { site: read('openapi.json'), partner: read('openapi-v1.json') };

/** Every operation of both documents, and the ones whose declaration the matrix cannot read. */
export function operations(): { operations: Operation[]; unclassified: string[] } {
  const list: Operation[] = [];
  const unclassified: string[] = [];
  for (const [document, doc] of Object.entries(DOCUMENTS) as ['site' | 'partner', Document][]) {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(methods)) {
        const operation = raw as {
          operationId: string;
          'x-pencraft-auth'?: AuthDeclaration;
          security?: Record<string, string[]>[];
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: Schema }> };
        };
        const auth = operation['x-pencraft-auth'];
        if (!auth || !KINDS.includes(auth.kind)) {
          unclassified.push(`${operation.operationId}: no known x-pencraft-auth (${JSON.stringify(auth)})`);
          continue;
        }
        const content = operation.requestBody?.content ?? {};
        const binaryType = Object.keys(content).find((type) => type !== 'application/json');
        list.push({
          document,
          id: operation.operationId,
          method: method.toUpperCase(),
          path,
          auth,
          csrf: (operation.security ?? []).some((option) => 'csrfHeader' in option),
          tokenMayCall: (operation.security ?? []).some((option) => 'personalToken' in option),
          parameters: operation.parameters ?? [],
          body: content['application/json']?.schema,
          binaryType: content['application/json'] ? undefined : binaryType,
        });
      }
    }
  }
  return { operations: list, unclassified };
}

/** What a suite seeded as the owner: the ids the matrix puts in paths. */
export interface Seeds {
  article: string;
  comment: string;
  draft: string;
  collection: string;
  publication: string;
  publicationSlug: string;
  uid: string;
  username: string;
  token: string;
  session: string;
  /** The member of the owner's publication (the studio's members/{uid}). */
  memberUid: string;
  plan: string;
  job: string;
  /** A support paid to the owner (through stripe-mock's checkout and the signed webhook). */
  support: string;
  /** The owner's card and the payout requested to it. */
  card: string;
  payout: string;
  /** The owner's partner client's webhook endpoint and one of its deliveries. */
  webhook: string;
  delivery: string;
  /** One of the owner's profile links, and one of the owner's notifications (unread). */
  link: string;
  notification: string;
  /** The staff queues' entries (owner-world.ts's seedStaffQueues): a review item, a report, a ban, feedback, a client. */
  reviewItem: string;
  report: string;
  ban: string;
  feedback: string;
  partnerClient: string;
  /**
   * A delivery of the other partner's endpoint, for the staff's redelivery (the owner client's endpoint, with its
   * deliveries, is deleted by that client's own sweep before the admin's).
   */
  staffDelivery: string;
  /** Co-author invitations of the owner's (from the member's drafts): one to accept, one to decline. */
  invitation: string;
  declinedInvitation: string;
  /** The key of an editor image the owner uploaded (the owner's draft takes it as its cover). */
  image: string;
  /** Publications that invited the owner (an invitation is named by its publication's id): to accept, to decline. */
  publicationInvitation: string;
  declinedPublicationInvitation: string;
}

/** Where a path parameter comes from: an owner's resource, or an id nobody holds (the answer must still hold up). */
type Source = keyof Seeds | 'absent';

/**
 * The path parameters the matrix fills from the owner's seeds, first match wins (path prefix, parameter name). An
 * enum parameter takes its first value. A parameter no rule names is unclassified: add a rule (or a seed) for it.
 */
const PARAMETER_RULES: [RegExp, string, Source][] = [
  [/^\/api\/drafts\/invitations\/\{id\}\/accept$/, 'id', 'invitation'],
  [/^\/api\/drafts\/invitations\/\{id\}\/reject$/, 'id', 'declinedInvitation'],
  [/^\/api\/drafts\/public\//, 'token', 'absent'],
  [/^\/api\/(v1\/)?drafts\/\{id\}/, 'id', 'draft'],
  [/^\/api\/articles\/comments\//, 'cid', 'comment'],
  [/^\/api\/articles\/publishing\/\{id\}$/, 'id', 'draft'],
  [/^\/api\/articles\/publishing\/\{id\}\/edit$/, 'id', 'article'],
  [/^\/api\/(v1\/)?articles\/\{id\}/, 'id', 'article'],
  [/^\/api\/collections\/\{id\}/, 'id', 'collection'],
  [/^\/api\/collections\/\{id\}\/\{articleId\}/, 'articleId', 'article'],
  [/^\/api\/core-publications\/\{id\}/, 'id', 'publication'],
  [/^\/api\/core-publications\/\{id\}\/studio\/articles\/\{aid\}/, 'aid', 'article'],
  [/^\/api\/core-publications\/\{id\}\/studio\/members\/\{uid\}/, 'uid', 'memberUid'],
  [/^\/api\/core-publications\/\{id\}\/studio\/jobs\//, 'jobId', 'job'],
  [/^\/api\/core-publications\/\{id\}\/studio\/plans\//, 'planId', 'plan'],
  [/^\/api\/users\/\{id\}/, 'id', 'uid'],
  [/^\/api\/users\/\{id\}\/articles\/\{aid\}/, 'aid', 'article'],
  [
    /^\/api\/(profile|profile\/collections|v1\/authors|donations\/recipients|staff\/users)\/\{username\}/,
    'username',
    'username',
  ],
  [/^\/api\/ttin\/tokens\/\{id\}$/, 'id', 'token'],
  [/^\/api\/ttin\/sessions\/\{id\}$/, 'id', 'session'],
  [/^\/api\/v1\/publications\/\{slug\}$/, 'slug', 'publicationSlug'],
  [/^\/api\/donations\/cards\/\{id\}/, 'id', 'card'],
  [/^\/api\/donations\/\{id\}/, 'id', 'support'],
  [/^\/api\/staff\/payouts\/\{id\}/, 'id', 'payout'],
  [/^\/api\/jobs\/\{id\}$/, 'id', 'job'],
  [/^\/api\/v1\/webhooks\/\{id\}/, 'id', 'webhook'],
  [/^\/api\/v1\/webhooks\/\{id\}\/deliveries\/\{deliveryId\}/, 'deliveryId', 'delivery'],
  [/^\/api\/me\/settings\/profile\/links\/\{id\}/, 'id', 'link'],
  [/^\/api\/notifications\/\{id\}/, 'id', 'notification'],
  // An invitation's id is its publication's: two publications invited the owner.
  [/^\/api\/ttin\/pbls\/invitations\/\{id\}\/accept$/, 'id', 'publicationInvitation'],
  [/^\/api\/ttin\/pbls\/invitations\/\{id\}\/reject$/, 'id', 'declinedPublicationInvitation'],
  // The staff queues, each an entry seeded for the admin to act on (the lesser roles are refused it by role).
  [/^\/api\/moderation\/items\/\{id\}/, 'id', 'reviewItem'],
  [/^\/api\/moderation\/reports\/\{id\}/, 'id', 'report'],
  [/^\/api\/moderation\/bans\/\{id\}/, 'id', 'ban'],
  [/^\/api\/staff\/feedback\/\{id\}/, 'id', 'feedback'],
  [/^\/api\/staff\/partners\/\{id\}/, 'id', 'partnerClient'],
  [/^\/api\/staff\/webhook-deliveries\/\{id\}/, 'id', 'staffDelivery'],
];

/** Query parameters named for an owner's resource. */
const QUERY_SOURCES: Record<string, keyof Seeds> = {
  aid: 'article',
  articleId: 'article',
  uid: 'uid',
  publicationId: 'publication',
  key: 'image',
};

export interface Filled {
  url: string;
  /** The owner's resources the request names (in its path or query). */
  touches: (keyof Seeds)[];
  body?: unknown;
  headers: Record<string, string>;
}

/** The request the matrix sends: the path and query filled, a body valid by the document. Throws when it cannot. */
export function fill(operation: Operation, seeds: Seeds, mark: string): Filled {
  const touches: (keyof Seeds)[] = [];
  const doc = DOCUMENTS[operation.document];
  let url = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const schema = resolve(parameter.schema, doc);
    if (parameter.in === 'path') {
      let value: string;
      if (Array.isArray(schema.enum)) value = String(schema.enum[0]);
      else {
        const rule = PARAMETER_RULES.find(([pattern, name]) => name === parameter.name && pattern.test(operation.path));
        if (!rule) throw new Error(`no rule fills the path parameter ${parameter.name} of ${operation.path}`);
        if (rule[2] === 'absent') value = String(sample(schema, doc, mark));
        else {
          value = seeds[rule[2]];
          touches.push(rule[2]);
        }
      }
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (parameter.in === 'query' && parameter.required) {
      const source = QUERY_SOURCES[parameter.name];
      if (source) touches.push(source);
      query.set(parameter.name, source ? seeds[source] : String(sample(schema, doc, mark)));
    } else if (parameter.in === 'header' && parameter.required) {
      headers[parameter.name] = String(sample(schema, doc, mark));
    }
  }
  const search = query.size > 0 ? `?${query}` : '';
  return {
    url: url + search,
    touches,
    body: operation.body ? sample(operation.body, doc, mark) : undefined,
    headers,
  };
}

function resolve(schema: Schema, doc: Document): Schema {
  const ref = schema.$ref as string | undefined;
  if (!ref) return schema;
  const name = ref.replace('#/components/schemas/', '');
  return resolve(doc.components!.schemas![name]!, doc);
}

/** Strings the generator tries against a pattern, in order (the mark first, so an attacker's text is findable). */
const CANDIDATES = (mark: string) => [
  `${mark} text`,
  mark,
  `${mark}_1`,
  randomUUID(),
  'matrix-slug',
  '123456',
  '1',
  'az',
  'https://example.com/matrix',
  'matrix@example.az',
  '+994501234567',
  'AZ',
  'A1b2c3d4',
];

/** A value valid by the schema, as plain as the schema allows (required properties only). */
export function sample(input: Schema, doc: Document, mark: string, depth = 0): unknown {
  const schema = resolve(input, doc);
  if (depth > 12) return null;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (options) return sample(options[0]!, doc, mark, depth + 1);
  }
  if (schema.allOf) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => sample(part, doc, mark, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sample(properties[name] ?? {}, doc, mark, depth + 1)]));
    }
    case 'array': {
      const count = Number(schema.minItems ?? 0);
      return Array.from({ length: count }, () => sample((schema.items ?? {}) as Schema, doc, mark, depth + 1));
    }
    case 'integer':
    case 'number': {
      const minimum = Number(
        schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : Number(schema.exclusiveMinimum) + 1),
      );
      const maximum = schema.maximum === undefined ? Infinity : Number(schema.maximum);
      return Math.min(Math.max(minimum, 1), maximum);
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, mark);
    default:
      return schema.properties ? sample({ ...schema, type: 'object' }, doc, mark, depth) : `${mark}`;
  }
}

function sampleString(schema: Schema, mark: string): string {
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'matrix@example.az';
    case 'uri':
    case 'url':
      return 'https://example.com/matrix';
    case 'date':
      return '1990-01-01';
    case 'date-time':
      return new Date().toISOString();
    case 'binary':
      return '';
  }
  const fits = (value: string) => [...value].length >= min && [...value].length <= max;
  let pattern: RegExp | undefined;
  try {
    pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern as string, 'u') : undefined;
  } catch {
    pattern = undefined;
  }
  const padded = (value: string) => (value.length >= min ? value : value + 'x'.repeat(min - value.length));
  for (const candidate of CANDIDATES(mark)) {
    const value = padded(candidate);
    if (fits(value) && (!pattern || pattern.test(value))) return value;
  }
  return padded(mark).slice(0, Math.max(min, Math.min(max, 64)));
}
