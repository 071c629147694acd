// Partner webhooks (issue #18) on real servers (identity, articles, notifications, gateway) and the test stack's real
// Keycloak: two partner clients with scope webhooks (registered by an admin through the staff API) subscribe endpoints
// on the test receiver (127.0.0.1:WEBHOOK_TEST_RECEIVER_PORT, the one private target the test profile allows). A
// published article reaches each client's endpoint signed with that endpoint's secret (verified by standardwebhooks);
// an endpoint answering 500 is retried (quick backoff in the test profile) and dead after the last try, and a
// redelivery is one more signed attempt with the same webhook-id; one client never receives, lists, reads, changes or
// redelivers the other's; URLs on 127.0.0.1 (another port), localhost, 10.0.0.1, 169.254.169.254 and [::1] are
// refused; the staff console lists a client's endpoints with the dead deliveries first and redelivers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { WEBHOOK_TEST_RECEIVER_PORT } from '../../packages/devstack/src/env.ts';
import { useClientAddress } from '../support/client-address.ts';
import { bearer, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { bareCall, partnerToken, registerPartnerClient, removePartnerClients } from '../support/partners.ts';
import { publishArticle, signUp } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';

const CLIENT_ADDRESS = '127.0.0.138';
const RECEIVER = `http://127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT}`;
const run = Date.now().toString(36);

interface Client {
  id: string;
  clientId: string;
  token: string;
}
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[];
}
interface Delivery {
  id: string;
  endpointId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastResponseStatus: number | null;
  lastResponseBody: string;
  payload: string;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let receiver: Server;
const received: Received[] = [];

let partnerA: Client;
let partnerB: Client;
/** A's endpoint that answers 204, its endpoint that answers 500, and B's; with their secrets. */
let okA: { endpoint: Endpoint; secret: string };
let failA: { endpoint: Endpoint; secret: string };
let okB: { endpoint: Endpoint; secret: string };
let articleId: string;

const http = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  bareCall(base, path, { method, headers, body });

const as = (client: Client) => bearer(client.token);

async function register(name: string): Promise<Client> {
  const client = await registerPartnerClient(base, {
    name: `${name} ${run}`,
    scopes: ['webhooks', 'read'],
    origins: [],
  });
  return { id: client.id, clientId: client.clientId, token: await partnerToken(client) };
}

async function subscribe(client: Client, path: string, eventTypes = ['article.published']) {
  const answer = await http('POST', '/api/v1/webhooks', as(client), { url: `${RECEIVER}${path}`, eventTypes });
  expect(answer.status).toBe(201);
  const created = answer.body as unknown as { endpoint: Endpoint; secret: string };
  expect(created.secret).toMatch(/^whsec_/);
  rememberSecret(created.secret);
  return created;
}

async function deliveries(client: Client, endpointId: string, status = ''): Promise<Delivery[]> {
  const answer = await http(
    'GET',
    `/api/v1/webhooks/${endpointId}/deliveries${status ? `?status=${status}` : ''}`,
    as(client),
  );
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { items: Delivery[] }).items;
}

const at = (path: string) => received.filter((request) => request.path === path);
const headersOf = (request: Received) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = path.startsWith('/fail') ? 500 : 204;
      response.end(path.startsWith('/fail') ? 'receiver says no' : undefined);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(WEBHOOK_TEST_RECEIVER_PORT, '127.0.0.1', resolve));
  await resetMessaging();
  db = await freshDatabase('webhooks');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('notifications', db.name),
    ])),
    await startService('gateway', db.name, { EDGE_ROUTES: '', RATE_LIMIT_PER_MINUTE: '5000' }),
  );
  base = httpBase('gateway');
  // One after the other: the first fetches the admin's token (cached), two password grants at once are refused.
  partnerA = await register('Hooks A');
  partnerB = await register('Hooks B');
}, 60_000);

afterAll(async () => {
  await removePartnerClients();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('subscribing', () => {
  it.each([
    `http://127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT + 1}/x`,
    `https://127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT + 1}/x`,
    `http://localhost:${WEBHOOK_TEST_RECEIVER_PORT}/x`,
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://localhost/x',
  ])('refuses %s (InvalidModel on url)', async (url) => {
    const answer = await http('POST', '/api/v1/webhooks', as(partnerA), { url, eventTypes: ['article.published'] });
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 400, code: 'InvalidModel' });
  });

  it('refuses an unknown event type and a call without a token', async () => {
    const unknown = await http('POST', '/api/v1/webhooks', as(partnerA), {
      url: `${RECEIVER}/a`,
      eventTypes: ['article.deleted'],
    });
    expect(unknown.status).toBe(400);
    expect((await http('GET', '/api/v1/webhooks', {})).status).toBe(401);
  });

  it('subscribes endpoints, the secret answered once and never listed', async () => {
    okA = await subscribe(partnerA, '/a');
    failA = await subscribe(partnerA, '/fail');
    okB = await subscribe(partnerB, '/b');
    const listA = await http('GET', '/api/v1/webhooks', as(partnerA));
    const ids = (listA.body.items as Endpoint[]).map((endpoint) => endpoint.id).sort();
    expect(ids).toEqual([okA.endpoint.id, failA.endpoint.id].sort());
    expect(JSON.stringify(listA.body)).not.toContain('whsec_');
    const listB = await http('GET', '/api/v1/webhooks', as(partnerB));
    expect((listB.body.items as Endpoint[]).map((endpoint) => endpoint.id)).toEqual([okB.endpoint.id]);
  });
});

describe('deliveries', () => {
  beforeAll(async () => {
    const writer = await signUp(base, `hooks_${run}`, 'Hooks Writer');
    articleId = await publishArticle(writer, {
      title: `Webhooks and tea ${run}`,
      description: 'A published article for the partners',
      language: 'en',
      category: 'tech',
      blocks: [
        {
          type: 'paragraph',
          data: { text: 'Partners hear about this article the moment it is published, signed and retried. '.repeat(4) },
        },
      ],
    });
  }, 30_000);

  it("reaches each client's endpoint signed with that endpoint's secret (article.published)", async () => {
    const [toA] = await eventually(async () => (at('/a').length ? at('/a') : undefined));
    const [toB] = await eventually(async () => (at('/b').length ? at('/b') : undefined));
    const message = new Webhook(okA.secret).verify(toA!.body, headersOf(toA!)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(message.type).toBe('article.published');
    expect(message.data).toMatchObject({ articleId, title: `Webhooks and tea ${run}`, language: 'en' });
    expect(String(message.data.url)).toMatch(new RegExp(`/a/${articleId}$`));
    expect(toA!.body).not.toContain('Partners hear about this article');
    expect(toA!.headers['content-type']).toBe('application/json');
    // Each endpoint has its own secret: B's delivery does not verify with A's.
    expect(new Webhook(okB.secret).verify(toB!.body, headersOf(toB!))).toMatchObject({ type: 'article.published' });
    expect(() => new Webhook(okA.secret).verify(toB!.body, headersOf(toB!))).toThrow();
    expect(toA!.headers['webhook-id']).not.toBe(toB!.headers['webhook-id']);
    // Logged as succeeded, with the answer's status.
    const [logged] = await eventually(async () => {
      const list = await deliveries(partnerA, okA.endpoint.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(logged).toMatchObject({ id: toA!.headers['webhook-id'], eventType: 'article.published', attempts: 1 });
    expect(logged!.lastResponseStatus).toBe(204);
  });

  it('retries an endpoint answering 500 and makes the delivery dead after the last try; a redelivery is one more', async () => {
    const [dead] = await eventually(async () => {
      const list = await deliveries(partnerA, failA.endpoint.id, 'dead');
      return list.length ? list : undefined;
    });
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastResponseStatus: 500,
      lastResponseBody: 'receiver says no',
    });
    const tries = at('/fail');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => request.headers['webhook-id']))).toEqual(new Set([dead!.id]));
    for (const request of tries)
      expect(() => new Webhook(failA.secret).verify(request.body, headersOf(request))).not.toThrow();

    const redelivered = await http(
      'POST',
      `/api/v1/webhooks/${failA.endpoint.id}/deliveries/${dead!.id}/redeliver`,
      as(partnerA),
    );
    expect(redelivered.status).toBe(200);
    await eventually(async () => (at('/fail').length === 4 ? true : undefined));
    const again = await eventually(async () => {
      const [found] = (await deliveries(partnerA, failA.endpoint.id)).filter((d) => d.id === dead!.id);
      return found?.status === 'dead' && found.attempts === 4 ? found : undefined;
    });
    expect(again.lastResponseStatus).toBe(500);
    expect(at('/fail')[3]!.headers['webhook-id']).toBe(dead!.id);
  });

  it("never gives one client the other's endpoints or deliveries", async () => {
    const [ofA] = await deliveries(partnerA, okA.endpoint.id);
    // B's endpoint received only B's deliveries, A's only A's.
    const idsOfB = new Set((await deliveries(partnerB, okB.endpoint.id)).map((d) => d.id));
    for (const request of at('/b')) expect(idsOfB.has(String(request.headers['webhook-id']))).toBe(true);
    expect(idsOfB.has(ofA!.id)).toBe(false);
    for (const request of at('/a')) expect(idsOfB.has(String(request.headers['webhook-id']))).toBe(false);

    const a = okA.endpoint.id;
    const refusals = await Promise.all([
      http('GET', `/api/v1/webhooks/${a}`, as(partnerB)),
      http('GET', `/api/v1/webhooks/${a}/deliveries`, as(partnerB)),
      http('PATCH', `/api/v1/webhooks/${a}`, as(partnerB), { enabled: false }),
      http('POST', `/api/v1/webhooks/${a}/deliveries/${ofA!.id}/redeliver`, as(partnerB)),
      http('POST', `/api/v1/webhooks/${okB.endpoint.id}/deliveries/${ofA!.id}/redeliver`, as(partnerB)),
      http('DELETE', `/api/v1/webhooks/${a}`, as(partnerB)),
    ]);
    expect(refusals.map((answer) => [answer.status, answer.code])).toEqual(refusals.map(() => [404, 'NotFound']));
    // A's endpoint is untouched.
    expect((await http('GET', `/api/v1/webhooks/${a}`, as(partnerA))).body).toMatchObject({ id: a, enabled: true });
  });

  it("shows the staff console a client's endpoints with the dead deliveries first, and redelivers", async () => {
    const admin = bearer(await staffToken('admin'));
    const listed = await http('GET', `/api/staff/partners/${partnerA.id}/webhooks`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.clientId).toBe(partnerA.clientId);
    const items = listed.body.items as { endpoint: Endpoint; deliveries: Delivery[] }[];
    expect(items.map((item) => item.endpoint.id).sort()).toEqual([okA.endpoint.id, failA.endpoint.id].sort());
    const failing = items.find((item) => item.endpoint.id === failA.endpoint.id)!;
    expect(failing.deliveries[0]).toMatchObject({ status: 'dead', lastResponseStatus: 500 });
    const before = at('/fail').length;
    const redelivered = await http(
      'POST',
      `/api/staff/webhook-deliveries/${failing.deliveries[0]!.id}/redeliver`,
      admin,
    );
    expect(redelivered.status).toBe(200);
    await eventually(async () => (at('/fail').length > before ? true : undefined));
    const moderator = bearer(await staffToken('moderator'));
    expect((await http('GET', `/api/staff/partners/${partnerA.id}/webhooks`, moderator)).status).toBe(403);
  });

  it('sends nothing more to a revoked client: its delivery is dead and its endpoints paused', async () => {
    const admin = bearer(await staffToken('admin'));
    expect((await http('POST', `/api/staff/partners/${partnerB.id}/revoke`, admin)).status).toBe(200);
    // notifications keeps identity's answer WEBHOOK_PARTNER_CACHE_MS (1 s in the test profile).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const before = at('/b').length;
    const [ofB] = (await http('GET', `/api/staff/partners/${partnerB.id}/webhooks`, admin)).body.items as {
      deliveries: Delivery[];
    }[];
    const redelivered = await http('POST', `/api/staff/webhook-deliveries/${ofB!.deliveries[0]!.id}/redeliver`, admin);
    expect(redelivered.status).toBe(200);
    const after = await eventually(async () => {
      const [listed] = (await http('GET', `/api/staff/partners/${partnerB.id}/webhooks`, admin)).body.items as {
        endpoint: Endpoint & { enabled: boolean };
        deliveries: (Delivery & { lastError: string })[];
      }[];
      return listed!.deliveries[0]!.status === 'dead' ? listed : undefined;
    });
    expect(after!.deliveries[0]!.lastError).toBe('partner client revoked');
    expect(after!.endpoint.enabled).toBe(false);
    expect(at('/b')).toHaveLength(before);
  });
});
