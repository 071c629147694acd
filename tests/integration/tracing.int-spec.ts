// One trace across processes, from the maintained OpenTelemetry instrumentations the kit preloads: a signed-in
// POST /api/articles is a server span in the gateway, a Redis call (the session cache), a gRPC client span, the
// articles service's gRPC server span (its parent the gateway's client span, across the process boundary) and the
// PostgreSQL insert under it. The services export with the standard variables (OTEL_TRACES_EXPORTER=otlp) to an
// OTLP/HTTP receiver this test runs in memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { ApiClient } from '../support/http-client.ts';
import { eventually, freshDatabase, httpBase, resetMessaging, startService } from '../support/stack.ts';
import type { TestDatabase } from '../support/stack.ts';
import { captchaParam, typedApi } from '../support/typed-api.ts';

interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

// OTLP SpanKind values.
const SERVER = 2;
const CLIENT = 3;

const spans: CollectedSpan[] = [];
let receiver: Server;
let db: TestDatabase;
const apps: AppHandle[] = [];

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

/** The database of a client span, under the old or the stable semantic conventions. */
const dbSystem = (span: CollectedSpan) => span.attributes['db.system.name'] ?? span.attributes['db.system'];

const valueOf = (value: OtlpValue) => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP (JSON) receiver: what a collector would get, kept in memory. */
function startReceiver(): Promise<number> {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('tracing');
  const port = await startReceiver();
  const otel = {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  for (const name of ['identity', 'articles']) apps.push(await startService(name, db.name, otel));
  // search is called by the gateway but not on this path; it is not started.
  apps.push(await startService('gateway', db.name, otel));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop().catch(() => undefined)));
  await db?.drop();
  await new Promise((resolve) => receiver?.close(resolve));
});

it('follows a gateway request through gRPC to the articles database and the gateway Redis call', async () => {
  const client = new ApiClient(httpBase('gateway'));
  const api = typedApi(client);
  const registeredAt = new Date();
  const signUp = await api.POST('/api/id/register', {
    body: {
      email: 'tracing@example.az',
      username: 'tracing_user',
      fullname: 'Tracing User',
      password: 'trace-me-42',
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(httpBase('gateway')) },
  });
  expect(signUp.status).toBe(201);
  // Only confirmed accounts write articles: confirmed with the mailed code.
  await confirmAccount(client, 'tracing@example.az', registeredAt);
  const created = await api.POST('/api/articles', {
    body: {
      title: 'One trace through every hop',
      description: 'A description',
      language: 'en',
      category: 'tech',
      content: {
        blocks: [
          {
            type: 'paragraph',
            data: {
              text: 'The gateway carries this article over gRPC to the articles service, which stores it in PostgreSQL.',
            },
          },
        ],
      },
    },
  });
  if (created.status !== 201) throw new Error(`${created.status} ${JSON.stringify(created.error)}`);

  const trace = await eventually(
    async () => {
      const root = spans.find(
        (s) => s.service === 'gateway' && s.kind === SERVER && s.name === 'POST /api/articles' && s.parentSpanId === '',
      );
      if (!root) return undefined;
      const inTrace = spans.filter((s) => s.traceId === root.traceId);
      const db = inTrace.find((s) => s.service === 'articles' && dbSystem(s) === 'postgresql');
      return db && inTrace.some((s) => dbSystem(s) === 'redis') ? { root, inTrace } : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 200 },
  ).catch((error: Error) => {
    const seen = spans.map(
      (s) =>
        `${s.service} ${s.kind} ${s.name} ${s.traceId.slice(0, 8)}<-${s.parentSpanId} ${JSON.stringify(s.attributes)}`,
    );
    throw new Error(`${error.message}; spans received:\n${seen.join('\n')}`);
  });
  const { root, inTrace } = trace;
  const byId = new Map(inTrace.map((s) => [s.spanId, s]));
  const ancestry = (span: CollectedSpan): CollectedSpan[] => {
    const parent = byId.get(span.parentSpanId);
    return parent ? [parent, ...ancestry(parent)] : [];
  };

  expect(root.attributes['http.route']).toBe('/api/articles');

  // The gateway's session lookup in Redis, inside the request.
  const redis = inTrace.filter((s) => s.service === 'gateway' && dbSystem(s) === 'redis');
  expect(redis.length).toBeGreaterThan(0);
  expect(ancestry(redis[0]!)).toContainEqual(root);

  // gateway → articles over gRPC: the server span's parent is the gateway's client span, in another process.
  const grpcServer = inTrace.find(
    (s) => s.service === 'articles' && s.kind === SERVER && String(s.attributes['rpc.system']) === 'grpc',
  )!;
  expect(grpcServer).toBeDefined();
  const grpcClient = byId.get(grpcServer.parentSpanId)!;
  expect(grpcClient).toMatchObject({ service: 'gateway', kind: CLIENT, attributes: { 'rpc.system': 'grpc' } });
  expect(grpcClient.name).toBe(grpcServer.name);
  expect(grpcClient.name).toMatch(/^grpc\.articles\.v1\.ArticlesService\/CreateArticle$/);
  expect(ancestry(grpcClient)).toContainEqual(root);

  // …and the articles service's INSERT, under its gRPC server span, without the values.
  const insert = inTrace.find(
    (s) =>
      s.service === 'articles' &&
      dbSystem(s) === 'postgresql' &&
      /insert/i.test(String(s.attributes['db.statement'] ?? s.attributes['db.query.text'] ?? s.name)),
  );
  expect(insert).toBeDefined();
  expect(insert!.kind).toBe(CLIENT);
  expect(ancestry(insert!)).toContainEqual(grpcServer);
  expect(JSON.stringify(inTrace)).not.toContain('One trace through every hop');
  expect(JSON.stringify(inTrace)).not.toContain('tracing@example.az');
});
