// Zero trust in NATS and Redis (issue #19) on the real servers, as the devstack starts them: every service connects
// with a user of its own (packages/devstack/src/messaging.ts derives them from the event registry). A forged event on
// another service's subject, published with one service's credentials, is refused by NATS (a permissions violation)
// and never reaches the stream or its consumer (search), while the articles user's own event is indexed; a service
// cannot read another's durable or inbox; no connection is accepted without credentials. In Redis the default user is
// off, a service's user gets NOPERM on the gateway's session cache (read and write) while the gateway's user reaches
// it, and a person signed up through the gateway (its ACL user) keeps a working session.
import { EVENTS } from '@pencraft/contracts/events';
import { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import { languages } from '@pencraft/contracts/enums';
import { connect, headers, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import pg from 'pg';
import { createClient } from 'redis';
import { loadSecrets, natsConnectOptions, type AppHandle } from '../../packages/devstack/src/index.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signUp } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsAdmin,
  redisUrl,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';

const CLIENT_ADDRESS = '127.0.0.142';
const run = Date.now().toString(36);
const secrets = loadSecrets(stack);

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
const connections: NatsConnection[] = [];
const redisClients: { close(): Promise<unknown> }[] = [];

/** A connection as `user`, and the permission violations the server sent it (`publish to "<subject>"`). */
async function natsAs(user: string) {
  const nc = await connect({ ...natsConnectOptions(stack, secrets, user), name: `zero-trust-${user}` });
  connections.push(nc);
  const refusals: string[] = [];
  void (async () => {
    for await (const status of nc.status()) {
      const context = (status as { permissionContext?: { operation: string; subject: string } }).permissionContext;
      if (status.type === 'error' && context) refusals.push(`${context.operation} to "${context.subject}"`);
    }
  })();
  return { nc, refusals };
}

async function redisAs(user: string) {
  const client = createClient({ url: redisUrl(stack, user) });
  client.on('error', () => undefined);
  await client.connect();
  redisClients.push(client);
  return client;
}

function articlePublished(articleId: string, title: string) {
  const event: ArticlePublished = {
    articleId,
    title,
    description: '',
    bodyText: 'A forged or a real announcement, told apart by who may publish it.',
    category: 'tech',
    subCategories: [],
    language: languages.toProto('en'),
    publishedAtMs: Date.now(),
    publicationId: '',
    images: [],
    firstPublication: true,
    authorUid: randomUUID(),
    authorUsername: `zt_${run}`,
    authorFullname: 'Zero Trust',
  };
  const h = headers();
  h.set('pc-event-type', EVENTS.articlePublished.type);
  return { data: ArticlePublished.encode(event).finish(), headers: h };
}

const indexed = async (articleId: string) =>
  (await sql.query('select 1 from search.documents where id = $1', [articleId])).rowCount === 1;

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('zero_trust');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([startService('identity', db.name), startService('search', db.name)])),
    await startService('gateway', db.name),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(connections.map((nc) => nc.close().catch(() => undefined)));
  await Promise.all(redisClients.map((c) => c.close().catch(() => undefined)));
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('NATS: one user per service', () => {
  it("refuses a forged event on another service's subject, which never reaches the stream or its consumer", async () => {
    const { nc, refusals } = await natsAs('search');
    const forged = randomUUID();
    const { data, headers: h } = articlePublished(forged, `Forged ${run}`);
    await expect(
      nc.jetstream().publish(EVENTS.articlePublished.subject, data, { msgID: forged, headers: h, timeout: 2_000 }),
    ).rejects.toThrow();
    // Core NATS too: the server answers a permissions violation and drops the message.
    nc.publish(EVENTS.userRegistered.subject, data);
    await nc.flush();
    await eventually(async () =>
      refusals.includes(`publish to "${EVENTS.userRegistered.subject}"`) ? true : undefined,
    );
    expect(refusals).toContain(`publish to "${EVENTS.articlePublished.subject}"`);

    // The publisher's own user is accepted, and search (with its own user) indexes that event, not the forged one.
    const articles = await natsAs('articles');
    const real = randomUUID();
    const event = articlePublished(real, `Real ${run}`);
    const ack = await articles.nc
      .jetstream()
      .publish(EVENTS.articlePublished.subject, event.data, { msgID: real, headers: event.headers });
    expect(ack.stream).toBe('ARTICLES');
    await eventually(async () => ((await indexed(real)) ? true : undefined));
    expect(await indexed(forged)).toBe(false);

    const admin = await connect(natsAdmin(stack));
    connections.push(admin);
    const jsm = await admin.jetstreamManager();
    expect((await jsm.streams.info('ARTICLES')).state.messages).toBe(1);
    expect(articles.refusals).toEqual([]);
  });

  it("refuses the publisher's subjects to everyone else, and every other service's subject to the publisher", async () => {
    const { nc, refusals } = await natsAs('articles');
    nc.publish(EVENTS.commentPublished.subject, new Uint8Array());
    nc.publish(EVENTS.userBanned.subject, new Uint8Array());
    await nc.flush();
    await eventually(async () => (refusals.length >= 2 ? true : undefined));
    expect(refusals).toEqual(
      expect.arrayContaining([
        `publish to "${EVENTS.commentPublished.subject}"`,
        `publish to "${EVENTS.userBanned.subject}"`,
      ]),
    );
  });

  it("does not let a service read events directly, another service's durable, or another's inbox", async () => {
    const { nc, refusals } = await natsAs('comments');
    nc.subscribe('articles.>', { callback: () => undefined });
    nc.subscribe('_INBOX_search.>', { callback: () => undefined });
    await nc.flush();
    await eventually(async () => (refusals.length >= 2 ? true : undefined));
    expect(refusals).toEqual(
      expect.arrayContaining(['subscription to "articles.>"', 'subscription to "_INBOX_search.>"']),
    );
    // search's durable on the ARTICLES stream: comments may neither inspect it nor pull from it.
    const jsm = await nc.jetstreamManager({ timeout: 2_000 });
    await expect(jsm.consumers.info('ARTICLES', EVENTS.articlePublished.consumers.search)).rejects.toThrow();
    await expect(jsm.streams.delete('ARTICLES')).rejects.toThrow();
  });

  it('accepts no connection without credentials or with a wrong password', async () => {
    const { servers } = natsAdmin(stack);
    await expect(connect({ servers, reconnect: false, timeout: 2_000 })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers, user: 'search', pass: 'nope', reconnect: false })).rejects.toThrow(
      /Authorization/i,
    );
  });
});

describe('Redis: one ACL user per service, the session cache the gateway only', () => {
  const sessionKey = `gw:sess:zero-trust-${run}`;

  it('turns the default user off', async () => {
    // A bare connection (no AUTH) is the default user: every command is refused.
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connectTcp({ host: '127.0.0.1', port: stack.infra.redis.port });
      let data = '';
      socket.setTimeout(3_000, () => reject(new Error('redis did not answer')));
      socket.once('connect', () => socket.write('PING\r\nGET gw:sess:x\r\n'));
      socket.on('data', (chunk: Buffer) => {
        data += chunk.toString('latin1');
        if (data.split('\r\n').length > 2) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.once('error', reject);
    });
    expect(reply.split('\r\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^-NOAUTH/),
      expect.stringMatching(/^-NOAUTH/),
    ]);
  });

  it("refuses every service's user the session cache, read and write, and lets the gateway's in", async () => {
    const gateway = await redisAs('gateway');
    expect(await gateway.set(sessionKey, 'session', { EX: 60 })).toBe('OK');
    expect(await gateway.get(sessionKey)).toBe('session');
    for (const service of stack.services.map((s) => s.name)) {
      const client = await redisAs(service);
      await expect(client.get(sessionKey)).rejects.toThrow(/NOPERM/);
      await expect(client.set(sessionKey, 'forged')).rejects.toThrow(/NOPERM/);
      await expect(client.del(sessionKey)).rejects.toThrow(/NOPERM/);
      await expect(client.flushAll()).rejects.toThrow(/NOPERM/);
      // Its own prefix is its own.
      expect(await client.set(`${service}:zero-trust:${run}`, '1', { EX: 60 })).toBe('OK');
    }
    expect(await gateway.get(sessionKey)).toBe('session');
  });

  it("keeps a real session (made by the gateway's user) out of the articles user's reach, and working", async () => {
    const person = await signUp(httpBase('gateway'), `zt_${run}`, `Zero Trust ${run}`);
    expect((await person.client.get('/api/ttin/sec')).status).toBe(200);
    const admin = await redisAs('admin');
    const [key] = await admin.keys('gw:sess:*').then((keys) => keys.filter((k) => k !== sessionKey));
    expect(key).toBeDefined();
    const articles = await redisAs('articles');
    await expect(articles.get(key!)).rejects.toThrow(/NOPERM/);
    await expect(articles.expire(key!, 1)).rejects.toThrow(/NOPERM/);
    expect(await (await redisAs('gateway')).exists(key!)).toBe(1);
  });
});
