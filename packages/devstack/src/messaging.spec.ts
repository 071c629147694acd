import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LOCAL_CLUSTER_FILES,
  MESSAGING_ADMIN,
  SESSION_KEY_PATTERN,
  LOCAL_CLUSTER_PASSWORDS,
  consumerService,
  derivedPasswords,
  eventRoutes,
  localClusterMessaging,
  messagingPassword,
  natsConfig,
  natsConnectOptions,
  natsEnv,
  natsPermissions,
  redisAcl,
  redisRights,
  redisUrlFor,
  type EventRoute,
} from './messaging.ts';
import { stackFor } from './registry.ts';

const stack = stackFor('test');
let EVENT_ROUTES: readonly EventRoute[] = [];
beforeAll(async () => {
  EVENT_ROUTES = await eventRoutes();
});
const secrets = { messagingKey: 'k'.repeat(64) };
const services = stack.services.map((s) => s.name);

/** Redis's glob, as far as the patterns here use it (`*`). */
const globMatches = (pattern: string, key: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(key);

/** NATS's subject match (`*` one token, `>` the rest). */
function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i += 1) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

const allowsPublish = (service: string, subject: string) =>
  natsPermissions(service, service.toUpperCase(), EVENT_ROUTES).publish.some((p) => subjectMatches(p, subject));

describe('NATS permissions from the event registry', () => {
  it.each(services)("%s publishes exactly its own events' subjects, nothing of another service", (service) => {
    const { publish } = natsPermissions(service, service.toUpperCase(), EVENT_ROUTES);
    const own = EVENT_ROUTES.filter((r) => r.publisher === service)
      .map((r) => r.subject)
      .sort();
    expect(publish.filter((p) => !p.startsWith('$JS.'))).toEqual(own);
    for (const route of EVENT_ROUTES) expect(allowsPublish(service, route.subject)).toBe(route.publisher === service);
  });

  it.each(services)('%s subscribes to its own inbox only', (service) => {
    expect(natsPermissions(service, undefined, EVENT_ROUTES).subscribe).toEqual([`_INBOX_${service}.>`]);
  });

  it('lets a service pull and acknowledge only the durables the registry gives it, on the one subject', () => {
    for (const route of EVENT_ROUTES) {
      const stream = route.subject.split('.')[0]!.toUpperCase();
      for (const [key, durable] of Object.entries(route.consumers)) {
        const owner = consumerService(key);
        expect(services).toContain(owner);
        for (const service of services) {
          const allowed = service === owner;
          expect(allowsPublish(service, `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`)).toBe(allowed);
          expect(allowsPublish(service, `$JS.ACK.${stream}.${durable}.1.2.3.4.5.6`)).toBe(allowed);
          expect(allowsPublish(service, `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${route.subject}`)).toBe(allowed);
        }
        // The durable cannot be made over another subject of the stream.
        expect(allowsPublish(owner, `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${stream.toLowerCase()}.x.y`)).toBe(
          false,
        );
      }
    }
  });

  it('never lets a service delete or purge a stream, or touch a durable it does not own', () => {
    for (const service of services) {
      for (const api of ['STREAM.DELETE.ARTICLES', 'STREAM.PURGE.IDENTITY', 'STREAM.UPDATE.COMMENTS', 'STREAM.LIST']) {
        expect(allowsPublish(service, `$JS.API.${api}`)).toBe(false);
      }
      expect(allowsPublish(service, '$JS.API.CONSUMER.DELETE.ARTICLES.search-articles')).toBe(false);
      expect(allowsPublish(service, '_INBOX.abc')).toBe(false);
      expect(allowsPublish(service, `_INBOX_${service}.abc`)).toBe(false);
    }
  });

  it('writes a configuration nats-server accepts, with one user per service and the admin', () => {
    const text = natsConfig(stack, derivedPasswords(secrets), EVENT_ROUTES);
    for (const service of [MESSAGING_ADMIN, ...services]) expect(text).toContain(`user: "${service}"`);
    const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync);
    if (!binary) return;
    const dir = mkdtempSync(join(tmpdir(), 'nats-conf-'));
    try {
      writeFileSync(join(dir, 'users.conf'), text);
      const result = spawnSync(binary, ['-c', join(dir, 'users.conf'), '-t'], { encoding: 'utf8' });
      expect(`${result.stdout}${result.stderr}`).toMatch(/configuration file .* (is valid|test is successful)/);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a service its own credentials and inbox', () => {
    expect(natsEnv(secrets, 'search')).toEqual({
      NATS_USER: 'search',
      NATS_PASSWORD: messagingPassword(secrets, 'nats', 'search'),
    });
    expect(natsConnectOptions(stack, secrets, 'search')).toMatchObject({
      user: 'search',
      inboxPrefix: '_INBOX_search',
    });
    expect(natsConnectOptions(stack, secrets)).not.toHaveProperty('inboxPrefix');
  });
});

describe('Redis ACL', () => {
  const acl = redisAcl(stack, derivedPasswords(secrets));

  it('turns the default user off', () => {
    expect(acl.split('\n')[0]).toMatch(/^user default off /);
  });

  it('keeps the session cache out of reach of every service but the gateway', () => {
    const sessionKey = SESSION_KEY_PATTERN.replace('*', 'abc');
    for (const service of services) {
      expect(redisRights(service).keys.some((p) => globMatches(p, sessionKey))).toBe(false);
      expect(redisRights(service).keys.some((p) => globMatches(p, 'gw:rl:ip:1'))).toBe(false);
    }
    expect(redisRights('gateway').keys.some((p) => globMatches(p, sessionKey))).toBe(true);
  });

  it("reaches each service's own prefix and the keys the code uses today", () => {
    for (const service of services) expect(redisRights(service).keys).toContain(`${service}:*`);
    const articles = redisRights('articles').keys;
    for (const key of ['st:pending', 'st:uv:a1', 'articles:media:uploads:u:1'])
      expect(articles.some((p) => globMatches(p, key))).toBe(true);
    const gateway = redisRights('gateway').keys;
    for (const key of ['gw:rl:ip:1:2', 'gw:signin:x', 'gw:captcha:used:1', 'gw:an:salt:d', 'gw:mailcd:p:x'])
      expect(gateway.some((p) => globMatches(p, key))).toBe(true);
  });

  it('has one user per service and the gateway, each with its own password, none dangerous', () => {
    const lines = acl.trim().split('\n');
    expect(lines.map((l) => l.split(' ')[1])).toEqual(['default', MESSAGING_ADMIN, ...services, 'gateway']);
    const passwords = lines.slice(1).map((l) => /(?:^| )>(\S+)/.exec(l)?.[1]);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const line of lines.slice(2)) expect(line).toMatch(/ \+@all -@dangerous$/);
    expect(redisUrlFor(stack, secrets, 'gateway')).toBe(
      `redis://gateway:${messagingPassword(secrets, 'redis', 'gateway')}@127.0.0.1:${stack.infra.redis.port}`,
    );
  });
});

describe("k8s/local's NATS and Redis users", () => {
  it('are the ones the registry gives (node -e "import(\'./packages/devstack/src/messaging.ts\').then((m) => m.writeLocalClusterMessaging())")', async () => {
    const wanted = await localClusterMessaging(stackFor('dev'));
    for (const key of ['nats', 'redis'] as const)
      expect(readFileSync(join(stack.root, LOCAL_CLUSTER_FILES[key]), 'utf8')).toBe(wanted[key]);
    expect(LOCAL_CLUSTER_PASSWORDS('redis', 'gateway')).toBe('local-redis-gateway');
  });

  it("match the kustomization's Secrets (each component's Redis URL and NATS password)", () => {
    const kustomization = readFileSync(join(stack.root, 'k8s/local/kustomization.yaml'), 'utf8');
    for (const name of services) {
      expect(kustomization).toContain(`- ${name}-password=${LOCAL_CLUSTER_PASSWORDS('nats', name)}\n`);
      expect(kustomization).toContain(`- ${name}-url=redis://${name}:${LOCAL_CLUSTER_PASSWORDS('redis', name)}@`);
    }
    expect(kustomization).toContain(`- gateway-url=redis://gateway:${LOCAL_CLUSTER_PASSWORDS('redis', 'gateway')}@`);
  });
});
