// Zero trust in NATS and Redis (issue #19): one user per service, derived from one source, the event registry
// (@pencraft/contracts/events: each event's subject, publisher and consumers' durables) and system.json (the services
// and their streams). The devstack writes nats-server's authorization and Redis's ACL file from these on every start;
// the chart's documentation (charts/pencraft/README.md) lists the same rules for the production servers.
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stackFor, type Stack } from './registry.ts';
import { loadSecrets, type Secrets } from './secrets.ts';

/** The operators' (and the test tooling's) user on both servers: every subject, every key. No service gets it. */
export const MESSAGING_ADMIN = 'admin';

/** What the permissions are derived from: one event of the registry. */
export interface EventRoute {
  subject: string;
  publisher: string;
  /** Consumer key (the service, or `<service>-<purpose>`) → its durable JetStream consumer. */
  consumers: Readonly<Record<string, string>>;
}

// Loaded from the built contracts (make dev and make test build first), untyped: its TypeScript source is generated
// code the devstack's strict settings (erasableSyntaxOnly) do not type-check. Loaded on demand, not at the top level:
// a module with a top-level await cannot be require()d, and Jest's global setup requires before it imports.
const CONTRACTS_EVENTS = '@pencraft/contracts/events';
let loaded: readonly EventRoute[] | undefined;

/** The event registry's routes (subject, publisher, consumers), loaded once. */
export async function eventRoutes(): Promise<readonly EventRoute[]> {
  if (!loaded) {
    const { EVENTS } = (await import(CONTRACTS_EVENTS)) as { EVENTS: Record<string, EventRoute> };
    loaded = Object.values(EVENTS).map(({ subject, publisher, consumers }) => ({ subject, publisher, consumers }));
  }
  return loaded;
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/**
 * A service's own inbox prefix (the kit sets nats.js's inboxPrefix to it from NATS_USER): JetStream's answers, pull
 * deliveries and publish acknowledgements come there, and no other service may subscribe to it.
 */
export function natsInboxPrefix(service: string): string {
  return `_INBOX_${service}`;
}

function streamOf(subject: string): string {
  return subject.split('.', 1)[0]!.toUpperCase();
}

/** The service a consumer key belongs to: `notifications-webhooks` is a consumer group of notifications. */
export function consumerService(key: string): string {
  return key.split('-', 1)[0]!;
}

/**
 * A service's NATS permissions: it publishes only its own events' subjects; it reads only through the durable
 * consumers the registry gives it (create, inspect, pull and acknowledge them, on the publisher's stream, filtered on
 * the one subject); it manages only its own stream (and may create a stream it reads from, with the kit's fixed
 * configuration, when it boots before the publisher); it subscribes only to its own inbox.
 */
export function natsPermissions(
  service: string,
  stream: string | undefined,
  routes: readonly EventRoute[],
): NatsPermissions {
  const publish = new Set<string>();
  const api = new Set<string>(['$JS.API.INFO']);
  const streams = new Set<string>(stream ? [stream] : []);
  for (const route of routes) {
    if (route.publisher === service) publish.add(route.subject);
    for (const [key, durable] of Object.entries(route.consumers)) {
      if (consumerService(key) !== service) continue;
      const from = streamOf(route.subject);
      streams.add(from);
      for (const subject of [
        `$JS.API.CONSUMER.CREATE.${from}.${durable}`,
        `$JS.API.CONSUMER.CREATE.${from}.${durable}.${route.subject}`,
        `$JS.API.CONSUMER.DURABLE.CREATE.${from}.${durable}`,
        `$JS.API.CONSUMER.INFO.${from}.${durable}`,
        `$JS.API.CONSUMER.MSG.NEXT.${from}.${durable}`,
        `$JS.ACK.${from}.${durable}.>`,
      ])
        api.add(subject);
    }
  }
  for (const name of streams) {
    api.add(`$JS.API.STREAM.INFO.${name}`);
    api.add(`$JS.API.STREAM.CREATE.${name}`);
  }
  return {
    publish: [...[...publish].sort(), ...[...api].sort()],
    subscribe: [`${natsInboxPrefix(service)}.>`],
  };
}

/** A service's Redis rights: its key patterns (%RW~), its Pub/Sub channels, and every command but the dangerous. */
export interface RedisRights {
  keys: string[];
  channels: string[];
}

/**
 * The article evictions channel (packages/kit/src/redis/public-cache-evictions.ts): articles says, the gateway hears.
 * Spelled here too, as the devstack does not load the kit.
 */
export const ARTICLE_EVICTIONS_CHANNEL = 'pencraft:public-cache:article';

/** The gateway's keys (gw:*), among them the session cache gw:sess:*: no other user's pattern reaches them. */
export const GATEWAY_KEY_PATTERN = 'gw:*';
export const SESSION_KEY_PATTERN = 'gw:sess:*';

/**
 * Per service: `<service>:*`, plus what the code uses today: the gateway `gw:*` (sessions, rate limits, captcha,
 * throttles, analytics salt) and the evictions channel; articles `st:*` (view statistics) and the channel. The
 * other services only check that Redis answers (PING).
 */
export function redisRights(service: string): RedisRights {
  if (service === 'gateway') return { keys: [GATEWAY_KEY_PATTERN], channels: [ARTICLE_EVICTIONS_CHANNEL] };
  if (service === 'articles') return { keys: ['articles:*', 'st:*'], channels: [ARTICLE_EVICTIONS_CHANNEL] };
  return { keys: [`${service}:*`], channels: [] };
}

/** NATS's users: every service of system.json, with its stream (named after it; the gateway holds no connection). */
export function messagingUsers(stack: Pick<Stack, 'services'>): { name: string; stream: string }[] {
  return stack.services.map((s) => ({ name: s.name, stream: s.name.toUpperCase() }));
}

/** One password per server and user, derived from the profile's messagingKey (so nothing more is stored). */
export function messagingPassword(secrets: Pick<Secrets, 'messagingKey'>, server: 'nats' | 'redis', user: string) {
  return createHmac('sha256', secrets.messagingKey).update(`${server}:${user}`).digest('base64url');
}

/** Each user's password on a server: derived from messagingKey locally, fixed public ones in k8s/local. */
export type Passwords = (server: 'nats' | 'redis', user: string) => string;

export function derivedPasswords(secrets: Pick<Secrets, 'messagingKey'>): Passwords {
  return (server, user) => messagingPassword(secrets, server, user);
}

/** k8s/local's public development passwords (its kustomization's pencraft-redis and pencraft-nats Secrets). */
export const LOCAL_CLUSTER_PASSWORDS: Passwords = (server, user) => `local-${server}-${user}`;

/** nats-server's quoted string (JSON's escaping is a subset of what its parser reads). */
const q = (value: string) => JSON.stringify(value);

/** The authorization block of nats-server's configuration (the rest of its settings stay on its command line). */
export function natsConfig(
  stack: Pick<Stack, 'services'>,
  passwords: Passwords,
  routes: readonly EventRoute[],
): string {
  const lines = [
    '# Written by packages/devstack (messaging.ts); edit the event registry or the devstack, not this file.',
    'authorization {',
    '  users = [',
    `    { user: ${q(MESSAGING_ADMIN)}, password: ${q(passwords('nats', MESSAGING_ADMIN))} }`,
  ];
  for (const { name, stream } of messagingUsers(stack)) {
    const { publish, subscribe } = natsPermissions(name, stream, routes);
    lines.push(
      `    { user: ${q(name)}, password: ${q(passwords('nats', name))}, permissions: {`,
      `        publish: { allow: [${publish.map(q).join(', ')}] }`,
      `        subscribe: { allow: [${subscribe.map(q).join(', ')}] }`,
      '    } }',
    );
  }
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

/** Redis's ACL file: the default user off, the admin, and one user per service and the gateway. */
export function redisAcl(stack: Pick<Stack, 'services'>, passwords: Passwords): string {
  const lines = [
    'user default off resetkeys resetchannels -@all',
    `user ${MESSAGING_ADMIN} on >${passwords('redis', MESSAGING_ADMIN)} ~* &* +@all`,
  ];
  for (const name of [...stack.services.map((s) => s.name), 'gateway']) {
    const { keys, channels } = redisRights(name);
    const channelRules = channels.length ? channels.map((c) => `&${c}`) : ['resetchannels'];
    lines.push(
      [
        `user ${name} on >${passwords('redis', name)} resetkeys`,
        ...keys.map((k) => `~${k}`),
        ...channelRules,
        '+@all -@dangerous',
      ].join(' '),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A process's Redis URL with its user's credentials (the admin's for the test tooling). */
export function redisUrlFor(stack: Stack, secrets: Pick<Secrets, 'messagingKey'>, user: string = MESSAGING_ADMIN) {
  return `redis://${user}:${messagingPassword(secrets, 'redis', user)}@127.0.0.1:${stack.infra.redis.port}`;
}

/** A service's NATS credentials (NATS_USER, NATS_PASSWORD; the kit connects with them). */
export function natsEnv(secrets: Pick<Secrets, 'messagingKey'>, user: string): Record<string, string> {
  return { NATS_USER: user, NATS_PASSWORD: messagingPassword(secrets, 'nats', user) };
}

/** nats.js connection options with a user's credentials: the test tooling connects as the admin. */
export function natsConnectOptions(
  stack: Stack,
  secrets: Pick<Secrets, 'messagingKey'>,
  user: string = MESSAGING_ADMIN,
): { servers: string; user: string; pass: string; inboxPrefix?: string } {
  return {
    servers: `nats://127.0.0.1:${stack.infra.nats.port}`,
    user,
    pass: messagingPassword(secrets, 'nats', user),
    ...(user === MESSAGING_ADMIN ? {} : { inboxPrefix: natsInboxPrefix(user) }),
  };
}

/** The test tooling's NATS connection options: the admin's credentials (every subject, every stream). */
export function natsAdmin(stack: Stack): { servers: string; user: string; pass: string } {
  const { servers, user, pass } = natsConnectOptions(stack, loadSecrets(stack));
  return { servers, user, pass };
}

/** k8s/local's copies (its NATS and Redis in dependencies.yaml read them; a unit spec keeps them equal to these). */
export const LOCAL_CLUSTER_FILES = {
  nats: 'k8s/local/messaging/nats-users.conf',
  redis: 'k8s/local/messaging/users.acl',
} as const;

export async function localClusterMessaging(
  stack: Pick<Stack, 'services'>,
): Promise<Record<keyof typeof LOCAL_CLUSTER_FILES, string>> {
  return {
    nats: natsConfig(stack, LOCAL_CLUSTER_PASSWORDS, await eventRoutes()),
    redis: redisAcl(stack, LOCAL_CLUSTER_PASSWORDS),
  };
}

/**
 * Rewrites k8s/local's copies after the registry changed:
 * node -e "import('./packages/devstack/src/messaging.ts').then((m) => m.writeLocalClusterMessaging())"
 */
export async function writeLocalClusterMessaging(stack: Stack = stackFor('dev')): Promise<void> {
  const files = await localClusterMessaging(stack);
  for (const key of Object.keys(LOCAL_CLUSTER_FILES) as (keyof typeof LOCAL_CLUSTER_FILES)[]) {
    const path = join(stack.root, LOCAL_CLUSTER_FILES[key]);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, files[key]);
  }
}

/** Placeholders for an operator's own passwords (the production NATS and Redis, see charts/pencraft/README.md). */
export const PLACEHOLDER_PASSWORDS: Passwords = (server, user) => `<${user}-${server}-password>`;

/**
 * Prints the NATS authorization block and the Redis ACL for production servers, the passwords as placeholders:
 * node -e "import('./packages/devstack/src/messaging.ts').then((m) => m.printMessagingTemplates())"
 */
export async function printMessagingTemplates(stack: Pick<Stack, 'services'> = stackFor('dev')): Promise<void> {
  const nats = natsConfig(stack, PLACEHOLDER_PASSWORDS, await eventRoutes());
  process.stdout.write(`${nats}\n# Redis ACL file (aclfile)\n${redisAcl(stack, PLACEHOLDER_PASSWORDS)}`);
}
