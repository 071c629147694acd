// The system registry (system.json at the repository root) seen through a profile: `dev` uses the listed ports,
// `test` shifts every port by testPortOffset so both stacks run side by side with their own data and run dirs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Profile = 'dev' | 'test';
export const PROFILES: readonly Profile[] = ['dev', 'test'];

/** Infrastructure an application may declare in `uses` (it then gets the variables to reach it). */
export type Dependency = 'mail' | 'objectStore' | 'payments';
export const DEPENDENCIES: readonly Dependency[] = ['mail', 'objectStore', 'payments'];

export interface SystemJson {
  product: string;
  infrastructure: {
    postgres: { port: number; database: string };
    redis: { port: number };
    nats: { port: number; monitorPort: number };
    /** The mail catcher (mailpit): SMTP for the services, HTTP API and web UI for people and tests. */
    mail: { smtpPort: number; httpPort: number };
    /** The S3-compatible object store (versitygw). */
    objectStore: { port: number; bucket: string; region: string };
    /** Keycloak (staff sign-in): its HTTP port, its management (health) port, the realm and the distribution. */
    keycloak: { port: number; managementPort: number; realm: string; version: string };
    /** The Stripe API emulator (stripe-mock) standing in for Stripe's API: its HTTP and HTTPS ports. */
    stripe: { port: number; httpsPort: number };
  };
  gateway: { httpPort: number; internalPort: number; calls: string[]; uses?: string[] };
  services: Record<
    string,
    {
      httpPort: number;
      internalPort: number;
      grpcPort: number;
      schema?: string;
      stream?: string;
      calls?: string[];
      uses?: string[];
    }
  >;
  frontends: Record<string, { port: number; path: string; renderer?: string; pages?: string[]; routes?: string[] }>;
  testPortOffset: number;
}

export interface ServiceInfo {
  kind: 'service';
  name: string;
  httpPort: number;
  /** /healthz, /readyz and /metrics; never the public port. */
  internalPort: number;
  grpcPort: number;
  schema: string | undefined;
  calls: string[];
  uses: Dependency[];
}

export interface GatewayInfo {
  kind: 'gateway';
  name: 'gateway';
  httpPort: number;
  /** /healthz, /readyz and /metrics; never the public origin. */
  internalPort: number;
  calls: string[];
  uses: Dependency[];
}

export interface FrontendInfo {
  kind: 'frontend';
  name: string;
  /** The static server's port; it also answers /healthz and /readyz. */
  httpPort: number;
  path: string;
  /** Its server rendering, a module relative to the frontend's folder (the static server runs in renderer mode). */
  renderer: string | undefined;
  /** Page paths (react-router patterns) it renders: the edge sends them to it instead of the shell. */
  pages: string[];
  /** Its client routes (react-router patterns): the shell's server answers them 200 and other pages 404. */
  routes: string[];
}

export type AppInfo = ServiceInfo | GatewayInfo | FrontendInfo;

export interface InfraInfo {
  postgres: { port: number; database: string };
  redis: { port: number };
  nats: { port: number; monitorPort: number };
  mail: { smtpPort: number; httpPort: number };
  objectStore: { port: number; bucket: string; region: string };
  keycloak: { port: number; managementPort: number; realm: string; version: string };
  stripe: { port: number; httpsPort: number };
}

export interface Stack {
  profile: Profile;
  /** Repository root (absolute). */
  root: string;
  /** `.data/<profile>/`: database files, Redis and JetStream state, secrets. Kept by `make clean`. */
  dataDir: string;
  /** `.run/<profile>/`: pid files. */
  runDir: string;
  /** `.run/<profile>/logs/`: one log per process. */
  logDir: string;
  infra: InfraInfo;
  services: ServiceInfo[];
  gateway: GatewayInfo;
  frontends: FrontendInfo[];
}

/** The repository root of the clone this file lives in (packages/devstack/src → ../../..). */
export const repoRoot: string = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

export function loadSystem(root: string = repoRoot): SystemJson {
  const file = join(root, 'system.json');
  return JSON.parse(readFileSync(file, 'utf8')) as SystemJson;
}

export function parseProfile(value: string | undefined): Profile {
  if (value === undefined) return 'dev';
  if ((PROFILES as readonly string[]).includes(value)) return value as Profile;
  throw new Error(`unknown profile "${value}" (expected ${PROFILES.join(' or ')})`);
}

export function stackFor(profile: Profile, system: SystemJson = loadSystem(), root: string = repoRoot): Stack {
  if (profile === 'test' && testSlot() > 1) return testSlotStack(testSlot(), system, root);
  return profileStack(profile, system, root);
}

/**
 * make test runs the integration suites in two Jest workers (tests/run.sh), each on a stack of its own. Slot 1 is the
 * test profile; slot 2 runs its own PostgreSQL, Redis, NATS and every application TEST_SLOT_SHIFT ports above it, with
 * its own data and run dirs (.data/test-2, .run/test-2, secrets copied from .data/test). Keycloak, mailpit, the object
 * store and stripe-mock, which no suite resets or stops, are the test profile's for both. A 40-port shift is clear of
 * dev (+0), test (+100), bench (+200) and soak (+250) in every port family of system.json. PENCRAFT_TEST_SLOT (set
 * per Jest worker by tests/support/test-slot.ts) picks the slot stackFor('test') answers with.
 */
export const TEST_SLOT_SHIFT = 40;
export const TEST_SLOTS = 2;

export function testSlot(): number {
  const slot = Number(process.env.PENCRAFT_TEST_SLOT ?? '1');
  if (!Number.isInteger(slot) || slot < 1 || slot > TEST_SLOTS) {
    throw new Error(
      `PENCRAFT_TEST_SLOT=${process.env.PENCRAFT_TEST_SLOT}: the test stack has slots 1 to ${TEST_SLOTS}`,
    );
  }
  return slot;
}

export function testSlotStack(slot: number, system: SystemJson = loadSystem(), root: string = repoRoot): Stack {
  const test = profileStack('test', system, root);
  if (slot === 1) return test;
  const shift = (port: number): number => port + (slot - 1) * TEST_SLOT_SHIFT;
  const runDir = join(root, '.run', `test-${slot}`);
  return {
    ...test,
    dataDir: join(root, '.data', `test-${slot}`),
    runDir,
    logDir: join(runDir, 'logs'),
    infra: {
      ...test.infra,
      postgres: { ...test.infra.postgres, port: shift(test.infra.postgres.port) },
      redis: { ...test.infra.redis, port: shift(test.infra.redis.port) },
      nats: {
        ...test.infra.nats,
        port: shift(test.infra.nats.port),
        monitorPort: shift(test.infra.nats.monitorPort),
      },
    },
    services: test.services.map((s) => ({
      ...s,
      httpPort: shift(s.httpPort),
      internalPort: shift(s.internalPort),
      grpcPort: shift(s.grpcPort),
    })),
    gateway: {
      ...test.gateway,
      httpPort: shift(test.gateway.httpPort),
      internalPort: shift(test.gateway.internalPort),
    },
    frontends: test.frontends.map((f) => ({ ...f, httpPort: shift(f.httpPort) })),
  };
}

function profileStack(profile: Profile, system: SystemJson, root: string): Stack {
  const offset = profile === 'test' ? system.testPortOffset : 0;
  const shift = (port: number): number => port + offset;
  const infra = system.infrastructure;
  const runDir = join(root, '.run', profile);
  return {
    profile,
    root,
    dataDir: join(root, '.data', profile),
    runDir,
    logDir: join(runDir, 'logs'),
    infra: {
      postgres: { port: shift(infra.postgres.port), database: infra.postgres.database },
      redis: { port: shift(infra.redis.port) },
      nats: { port: shift(infra.nats.port), monitorPort: shift(infra.nats.monitorPort) },
      mail: { smtpPort: shift(infra.mail.smtpPort), httpPort: shift(infra.mail.httpPort) },
      objectStore: { ...infra.objectStore, port: shift(infra.objectStore.port) },
      keycloak: {
        ...infra.keycloak,
        port: shift(infra.keycloak.port),
        managementPort: shift(infra.keycloak.managementPort),
      },
      stripe: { port: shift(infra.stripe.port), httpsPort: shift(infra.stripe.httpsPort) },
    },
    services: Object.entries(system.services).map(([name, s]) => ({
      kind: 'service',
      name,
      httpPort: shift(s.httpPort),
      internalPort: shift(s.internalPort),
      grpcPort: shift(s.grpcPort),
      schema: s.schema,
      calls: s.calls ?? [],
      uses: usesOf(name, s.uses),
    })),
    gateway: {
      kind: 'gateway',
      name: 'gateway',
      httpPort: shift(system.gateway.httpPort),
      internalPort: shift(system.gateway.internalPort),
      calls: system.gateway.calls,
      uses: usesOf('gateway', system.gateway.uses),
    },
    frontends: Object.entries(system.frontends).map(([name, f]) => ({
      kind: 'frontend',
      name,
      httpPort: shift(f.port),
      path: f.path,
      renderer: f.renderer,
      pages: f.pages ?? [],
      routes: f.routes ?? [],
    })),
  };
}

function usesOf(name: string, uses: string[] | undefined): Dependency[] {
  for (const dependency of uses ?? []) {
    if (!(DEPENDENCIES as readonly string[]).includes(dependency)) {
      throw new Error(`system.json: ${name} uses "${dependency}" (known: ${DEPENDENCIES.join(', ')})`);
    }
  }
  return (uses ?? []) as Dependency[];
}

/** A profile's stack, or the stack itself (library functions accept either). */
export function resolveStack(target: Profile | Stack): Stack {
  return typeof target === 'string' ? stackFor(target) : target;
}

/** Every application process in start order: services, then the gateway, then the frontend servers. */
export function appsOf(stack: Stack): AppInfo[] {
  return [...stack.services, stack.gateway, ...stack.frontends];
}

export function findApp(stack: Stack, name: string): AppInfo {
  const app = appsOf(stack).find((a) => a.name === name);
  if (!app) {
    throw new Error(
      `unknown process "${name}"; known: ${appsOf(stack)
        .map((a) => a.name)
        .join(', ')}`,
    );
  }
  return app;
}

export function findService(stack: Stack, name: string): ServiceInfo {
  const service = stack.services.find((s) => s.name === name);
  if (!service) throw new Error(`"${name}" is not a service in system.json`);
  return service;
}

export function gatewayUrl(stack: Stack): string {
  return `http://localhost:${stack.gateway.httpPort}`;
}
