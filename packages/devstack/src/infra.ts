// PostgreSQL 15, Redis, NATS (JetStream), the mail catcher (mailpit), the S3 object store (versitygw) and the Stripe
// API emulator (stripe-mock) as local processes of one profile: data under .data/<profile>/, pid files and logs under
// .run/<profile>/, loopback only. Debian's packages, mailpit, versitygw and stripe-mock (built into .tools/bin) are
// installed by scripts/setup.sh.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import {
  baseEnv,
  ensureRunDirs,
  exitOf,
  holderOf,
  isAlive,
  httpStatus,
  isSameProgram,
  logFile,
  logTail,
  pidFile,
  portOpen,
  readPid,
  removePid,
  run,
  spawnDetached,
  terminate,
  tracked,
  waitUntil,
  writePid,
  type Identity,
} from './proc.ts';
import { keycloakIdentity, keycloakReady, keycloakRealmStale, spawnKeycloak, stopKeycloak } from './keycloak.ts';
import { resolveStack, type Profile, type Stack } from './registry.ts';
import {
  MESSAGING_ADMIN,
  derivedPasswords,
  eventRoutes,
  messagingPassword,
  natsConfig,
  redisAcl,
} from './messaging.ts';
import { loadSecrets } from './secrets.ts';

export type InfraName = 'postgres' | 'redis' | 'nats' | 'mailpit' | 'versitygw' | 'stripe' | 'keycloak';
export const INFRA: readonly InfraName[] = ['postgres', 'redis', 'nats', 'mailpit', 'versitygw', 'stripe', 'keycloak'];
/** Started first and waited for last: it takes 35-60 s (longer on its first start, which builds it). */
const SLOW_STARTERS: readonly InfraName[] = ['keycloak'];

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const READY_TIMEOUT_MS = 60_000;

export interface InfraStatus {
  name: InfraName;
  pid: number | undefined;
  ports: number[];
  ready: boolean;
}

interface Component {
  name: InfraName;
  /** A running instance on this profile's own data that lost its pid file (e.g. the tool was killed mid-start). */
  orphan?(stack: Stack): number | undefined;
  ports(stack: Stack): number[];
  identity(stack: Stack): Identity;
  /** Starts the process and returns its pid (the postmaster for PostgreSQL). */
  start(stack: Stack, log: string): Promise<number>;
  ready(stack: Stack): Promise<boolean>;
  /** How long to wait for readiness (READY_TIMEOUT_MS unless said). */
  readyTimeoutMs?: number;
  /** After the first successful readiness check (e.g. create the database). */
  prepare?(stack: Stack): Promise<void>;
  stop(stack: Stack, pid: number): Promise<void>;
  /**
   * A running instance that no longer runs as the repository says (Keycloak with an older realm: it imports the realm
   * only when it starts; stripe-mock started before its output was redacted): it is stopped and started again.
   */
  stale?(stack: Stack, pid: number): boolean | Promise<boolean>;
}

// --- PostgreSQL ---------------------------------------------------------------------------------------------------

function pgDataDir(stack: Stack): string {
  return join(stack.dataDir, 'postgres');
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line)
    throw new Error('no "postgres" system user: run packages/devstack/scripts/setup.sh (installs postgresql-15)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** PostgreSQL refuses to run as root: its tools run as the postgres user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function runChecked(command: string, args: string[], what: string, log: string): Promise<string> {
  const result = await run(command, args);
  writeFileSync(log, result.output, { flag: 'a' });
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${result.output.trim()}\nlog: ${log}`);
  return result.output;
}

function pgSettings(stack: Stack): string {
  const lines = [
    '# Written by packages/devstack on every start; edit the devstack, not this file.',
    "listen_addresses = '127.0.0.1'",
    `port = ${stack.infra.postgres.port}`,
    `unix_socket_directories = '${pgDataDir(stack)}'`,
    'max_connections = 300',
    "timezone = 'UTC'",
    // Error lines without the row they were about: no DETAIL ("Key (email)=(…) already exists"), no statement,
    // no bound parameters. The services log the query text and the error code themselves.
    'log_error_verbosity = terse',
    'log_min_error_statement = panic',
    'log_parameter_max_length_on_error = 0',
  ];
  // A disposable database for tests: durability costs time and buys nothing.
  if (stack.profile === 'test') lines.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
  return `${lines.join('\n')}\n`;
}

async function pgInit(stack: Stack, log: string): Promise<void> {
  const dir = pgDataDir(stack);
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (owner) {
      chownSync(dir, owner.uid, owner.gid);
      for (const parent of [dirname(stack.dataDir), stack.dataDir]) chmodSync(parent, 0o755);
      // The postgres user must reach its data dir through every parent (a strict umask or a clone under /root).
      const [command, args] = asPostgres('test', ['-w', dir]);
      if ((await run(command, args)).code !== 0) {
        throw new Error(
          `the postgres user cannot reach ${dir}: every parent directory needs o+x (e.g. chmod o+x on them), or clone the repository elsewhere`,
        );
      }
    }
    const [command, args] = asPostgres(join(PG_BIN, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth-local=peer',
      '--auth-host=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    await runChecked(command, args, 'initdb', log);
    // Trust only TCP from 127.0.0.1 (the server listens nowhere else); the socket stays peer-authenticated.
    writeFileSync(join(dir, 'pg_hba.conf'), 'local all all peer\nhost all all 127.0.0.1/32 trust\n');
    writeFileSync(join(dir, 'postgresql.conf'), "\ninclude_if_exists = 'pencraft.conf'\n", { flag: 'a' });
  }
  const settings = join(dir, 'pencraft.conf');
  writeFileSync(settings, pgSettings(stack));
  if (owner) {
    for (const file of ['pg_hba.conf', 'postgresql.conf', 'pencraft.conf'])
      chownSync(join(dir, file), owner.uid, owner.gid);
  }
}

async function psql(stack: Stack, sql: string): Promise<string> {
  const result = await run(join(PG_BIN, 'psql'), [
    '-X',
    '-q',
    '-h',
    '127.0.0.1',
    '-p',
    String(stack.infra.postgres.port),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-v',
    'ON_ERROR_STOP=1',
    '-tAc',
    sql,
  ]);
  if (result.code !== 0) throw new Error(`psql failed: ${result.output.trim()}`);
  return result.output.trim();
}

function validDatabaseName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name "${name}"`);
  return name;
}

/** Creates `name` (optionally as a copy of `template`) unless it exists. */
export async function createDatabase(target: Profile | Stack, name: string, template?: string): Promise<void> {
  const stack = resolveStack(target);
  validDatabaseName(name);
  if ((await psql(stack, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)) === '1') return;
  const from = template === undefined ? '' : ` TEMPLATE ${validDatabaseName(template)}`;
  await psql(stack, `CREATE DATABASE ${name}${from}`);
}

export async function dropDatabase(target: Profile | Stack, name: string): Promise<void> {
  const stack = resolveStack(target);
  validDatabaseName(name);
  if (name === stack.infra.postgres.database && stack.profile === 'dev') {
    throw new Error('refusing to drop the dev database; use `make clean-data`');
  }
  await psql(stack, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

const postgres: Component = {
  name: 'postgres',
  ports: (stack) => [stack.infra.postgres.port],
  identity: (stack) => ({ cmdlineIncludes: [join(PG_BIN, 'postgres'), `-D ${pgDataDir(stack)}`] }),
  orphan(stack) {
    const file = join(pgDataDir(stack), 'postmaster.pid');
    const pid = readPid(file);
    return pid !== undefined && isSameProgram(pid, postgres.identity(stack)) ? pid : undefined;
  },
  async start(stack, log) {
    await pgInit(stack, log);
    const [command, args] = asPostgres(join(PG_BIN, 'pg_ctl'), [
      'start',
      '-D',
      pgDataDir(stack),
      '-w',
      '-t',
      '60',
      '-s',
    ]);
    const child = spawnDetached({ command, args, env: baseEnv(), cwd: stack.dataDir, log });
    const { code } = await exitOf(child);
    if (code !== 0) throw new Error(`pg_ctl start failed (exit ${code})`);
    const pid = Number.parseInt(
      readFileSync(join(pgDataDir(stack), 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    if (!Number.isInteger(pid)) throw new Error('postmaster.pid has no pid');
    return pid;
  },
  async ready(stack) {
    const result = await run(join(PG_BIN, 'pg_isready'), [
      '-q',
      '-h',
      '127.0.0.1',
      '-p',
      String(stack.infra.postgres.port),
      '-U',
      'postgres',
      '-d',
      'postgres',
    ]);
    return result.code === 0;
  },
  async prepare(stack) {
    await createDatabase(stack, stack.infra.postgres.database);
  },
  async stop(stack, pid) {
    const [command, args] = asPostgres(join(PG_BIN, 'pg_ctl'), [
      'stop',
      '-D',
      pgDataDir(stack),
      '-m',
      'fast',
      '-w',
      '-t',
      '30',
      '-s',
    ]);
    await run(command, args);
    // Still there after a fast shutdown: immediate shutdown (SIGQUIT), then SIGKILL.
    await terminate(pid, postgres.identity(stack), { signal: 'SIGQUIT', timeoutMs: 5_000 });
  },
};

// --- Redis --------------------------------------------------------------------------------------------------------

function findBinary(name: string): string {
  const dirs = [
    ...(process.env.PATH ?? '').split(delimiter),
    '/usr/sbin',
    '/usr/local/sbin',
    '/usr/bin',
    '/usr/local/bin',
  ];
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`${name} not found: run packages/devstack/scripts/setup.sh`);
}

/** PING over RESP (after AUTH as `auth` when given); true on +PONG. */
export function redisPing(port: number, timeoutMs = 1000, auth?: { user: string; password: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write(`${auth ? `AUTH ${auth.user} ${auth.password}\r\n` : ''}PING\r\n`));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      const lines = reply.split('\r\n').slice(0, -1);
      if (lines.length >= (auth ? 2 : 1)) done(lines.at(-1) === '+PONG' && lines.every((l) => l.startsWith('+')));
    });
    socket.once('error', () => done(false));
  });
}

/** Redis's ACL file (messaging.ts: the default user off, one user per service): written on every start. */
function redisAclFile(stack: Stack): string {
  return join(stack.dataDir, 'redis', 'users.acl');
}

function redisAdmin(stack: Stack): { user: string; password: string } {
  return { user: MESSAGING_ADMIN, password: messagingPassword(loadSecrets(stack), 'redis', MESSAGING_ADMIN) };
}

/** A running server started without this ACL (an older devstack, or the registry changed since): restarted. */
function configStale(pid: number, flag: string, file: string, wanted: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!cmdline.includes(flag)) return true;
  } catch {
    return false;
  }
  return !existsSync(file) || readFileSync(file, 'utf8') !== wanted;
}

const redis: Component = {
  name: 'redis',
  ports: (stack) => [stack.infra.redis.port],
  // redis-server would rewrite its process title while starting; a /proc/<pid>/cmdline read in the middle of that
  // matched nothing and made the start look like an exit, so the title is left alone (--set-proc-title no).
  identity: (stack) => ({ cmdlineIncludes: ['redis-server', String(stack.infra.redis.port)] }),
  async start(stack, log) {
    const dir = join(stack.dataDir, 'redis');
    mkdirSync(dir, { recursive: true });
    writeFileSync(redisAclFile(stack), redisAcl(stack, derivedPasswords(loadSecrets(stack))), { mode: 0o600 });
    const persistence = stack.profile === 'dev' ? ['--appendonly', 'yes'] : ['--appendonly', 'no', '--save', ''];
    const args = [
      '--port',
      String(stack.infra.redis.port),
      '--bind',
      '127.0.0.1',
      '--protected-mode',
      'yes',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
      '--set-proc-title',
      'no',
      '--aclfile',
      redisAclFile(stack),
      ...persistence,
    ];
    const child = spawnDetached({ command: findBinary('redis-server'), args, env: baseEnv(), cwd: dir, log });
    if (child.pid === undefined) throw new Error('redis-server did not start');
    return child.pid;
  },
  ready: (stack) => redisPing(stack.infra.redis.port, 1000, redisAdmin(stack)),
  async stop(stack, pid) {
    await terminate(pid, redis.identity(stack), { timeoutMs: 15_000 });
  },
  stale: (stack, pid) =>
    configStale(pid, '--aclfile', redisAclFile(stack), redisAcl(stack, derivedPasswords(loadSecrets(stack)))),
};

// --- NATS ---------------------------------------------------------------------------------------------------------

function natsDir(stack: Stack): string {
  return join(stack.dataDir, 'nats');
}

async function wantedNatsConfig(stack: Stack): Promise<string> {
  return natsConfig(stack, derivedPasswords(loadSecrets(stack)), await eventRoutes());
}

/** nats-server's users and their permissions (messaging.ts); the rest of its settings are on its command line. */
function natsConfigFile(stack: Stack): string {
  return join(stack.dataDir, 'nats-users.conf');
}

const nats: Component = {
  name: 'nats',
  ports: (stack) => [stack.infra.nats.port, stack.infra.nats.monitorPort],
  identity: (stack) => ({ cmdlineIncludes: ['nats-server', `-p ${stack.infra.nats.port}`, `-sd ${natsDir(stack)}`] }),
  async start(stack, log) {
    const dir = natsDir(stack);
    mkdirSync(dir, { recursive: true });
    const { port, monitorPort } = stack.infra.nats;
    writeFileSync(natsConfigFile(stack), await wantedNatsConfig(stack), { mode: 0o600 });
    const args = ['-c', natsConfigFile(stack), '-js', '-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort)];
    args.push('-sd', dir);
    const child = spawnDetached({ command: findBinary('nats-server'), args, env: baseEnv(), cwd: dir, log });
    if (child.pid === undefined) throw new Error('nats-server did not start');
    return child.pid;
  },
  async ready(stack) {
    return (await httpStatus(`http://127.0.0.1:${stack.infra.nats.monitorPort}/healthz?js-enabled-only=true`)) === 200;
  },
  async stop(stack, pid) {
    await terminate(pid, nats.identity(stack), { timeoutMs: 15_000 });
  },
  stale: async (stack, pid) => configStale(pid, '-c', natsConfigFile(stack), await wantedNatsConfig(stack)),
};

// --- mailpit (mail catcher) ---------------------------------------------------------------------------------------

/** A tool scripts/setup.sh builds into .tools/bin (Go), else one on PATH. */
function toolBinary(stack: Stack, name: string): string {
  const local = join(stack.root, '.tools', 'bin', name);
  return existsSync(local) ? local : findBinary(name);
}

function mailpitDir(stack: Stack): string {
  return join(stack.dataDir, 'mailpit');
}

const mailpit: Component = {
  name: 'mailpit',
  ports: (stack) => [stack.infra.mail.smtpPort, stack.infra.mail.httpPort],
  identity: (stack) => ({ cmdlineIncludes: ['mailpit', `127.0.0.1:${stack.infra.mail.smtpPort}`] }),
  async start(stack, log) {
    const dir = mailpitDir(stack);
    mkdirSync(dir, { recursive: true });
    const { smtpPort, httpPort } = stack.infra.mail;
    const args = [
      '--smtp',
      `127.0.0.1:${smtpPort}`,
      '--listen',
      `127.0.0.1:${httpPort}`,
      '--database',
      join(dir, 'mailpit.db'),
      // The oldest messages go first; tests search by recipient and time, so a long history only costs disk.
      '--max',
      stack.profile === 'dev' ? '1000' : '5000',
      // No SMTP authentication configured: the services send without credentials, as to a relay on the same host.
      '--smtp-disable-rdns',
      '--disable-version-check',
      '--quiet',
    ];
    const child = spawnDetached({ command: toolBinary(stack, 'mailpit'), args, env: baseEnv(), cwd: dir, log });
    if (child.pid === undefined) throw new Error('mailpit did not start');
    return child.pid;
  },
  async ready(stack) {
    const api = (await httpStatus(`http://127.0.0.1:${stack.infra.mail.httpPort}/readyz`)) === 200;
    return api && (await portOpen(stack.infra.mail.smtpPort));
  },
  async stop(stack, pid) {
    await terminate(pid, mailpit.identity(stack), { timeoutMs: 15_000 });
  },
};

// --- versitygw (S3 object store) ----------------------------------------------------------------------------------

function objectsDir(stack: Stack): string {
  return join(stack.dataDir, 'objects');
}

const VERSITYGW_HEALTH = '/health';

const versitygw: Component = {
  name: 'versitygw',
  ports: (stack) => [stack.infra.objectStore.port],
  identity: (stack) => ({ cmdlineIncludes: ['versitygw', `127.0.0.1:${stack.infra.objectStore.port}`] }),
  async start(stack, log) {
    const dir = objectsDir(stack);
    // Object metadata (content type) in a sidecar directory: no dependence on the file system's extended attributes.
    // Not named objects-*: versitygw refuses a sidecar path that merely starts with the root's path.
    const meta = join(stack.dataDir, 'object-metadata');
    mkdirSync(dir, { recursive: true });
    mkdirSync(meta, { recursive: true });
    const { s3AccessKey, s3SecretKey } = loadSecrets(stack);
    const args = [
      '--port',
      `127.0.0.1:${stack.infra.objectStore.port}`,
      '--region',
      stack.infra.objectStore.region,
      '--health',
      VERSITYGW_HEALTH,
      '--quiet',
      'posix',
      '--sidecar',
      meta,
      dir,
    ];
    // The root keys through the environment, so they never show in the process list.
    const env = { ...baseEnv(), ROOT_ACCESS_KEY: s3AccessKey, ROOT_SECRET_KEY: s3SecretKey };
    const child = spawnDetached({ command: toolBinary(stack, 'versitygw'), args, env, cwd: dir, log });
    if (child.pid === undefined) throw new Error('versitygw did not start');
    return child.pid;
  },
  async ready(stack) {
    return (await httpStatus(`http://127.0.0.1:${stack.infra.objectStore.port}${VERSITYGW_HEALTH}`)) === 200;
  },
  async stop(stack, pid) {
    await terminate(pid, versitygw.identity(stack), { timeoutMs: 15_000 });
  },
};

// --- stripe-mock (the Stripe API emulator) ------------------------------------------------------------------------

/**
 * stripe-mock answers the Stripe API with fixture objects: it validates requests against Stripe's OpenAPI document,
 * keeps no state and sends no webhooks (the suites sign their own with the stripe package's test helper). Plain HTTP
 * for the services; HTTPS on the second port, as stripe-mock always serves both.
 */
/**
 * Whether a process writes its standard output straight into a file (as Linux's /proc shows it): stripe-mock's goes
 * into the redacting sed's pipe instead.
 */
export function outputGoesToFile(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/fd/1`).startsWith('/');
  } catch {
    // Not readable (another user's process, no /proc): nothing to judge it by, so it is left running.
    return false;
  }
}

/** The sed script that blanks card numbers (`number:4242…` in stripe-mock's request dumps) and card codes. */
export const CARD_NUMBER_REDACTION = 's/(number|cvc):[0-9]{3,19}/\\1:[redacted]/g';

const stripe: Component = {
  name: 'stripe',
  ports: (stack) => [stack.infra.stripe.port, stack.infra.stripe.httpsPort],
  identity: (stack) => ({ cmdlineIncludes: ['stripe-mock', `127.0.0.1:${stack.infra.stripe.port}`] }),
  async start(stack, log) {
    const { port, httpsPort } = stack.infra.stripe;
    const args = ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`];
    // stripe-mock prints every request's data (unconditionally), so a card number sent for tokenization would reach
    // its log: its output goes through sed, which blanks card numbers, while bash execs into stripe-mock (the pid
    // and the command line stay stripe-mock's; sed ends when stripe-mock's output does).
    const child = spawnDetached({
      command: 'bash',
      args: [
        '-c',
        `exec "$0" "$@" > >(exec sed -u -E '${CARD_NUMBER_REDACTION}') 2>&1`,
        toolBinary(stack, 'stripe-mock'),
        ...args,
      ],
      env: baseEnv(),
      cwd: stack.dataDir,
      log,
    });
    if (child.pid === undefined) throw new Error('stripe-mock did not start');
    return child.pid;
  },
  async ready(stack) {
    // Unauthenticated requests answer 401: the API is up (the services send their sk_test_ key).
    const status = await httpStatus(`http://127.0.0.1:${stack.infra.stripe.port}/v1/customers`);
    return status === 200 || status === 401;
  },
  async stop(stack, pid) {
    await terminate(pid, stripe.identity(stack), { timeoutMs: 15_000 });
  },
  // One started before its output went through sed writes straight to its log (card numbers and all).
  stale: (_stack, pid) => outputGoesToFile(pid),
};

// --- Keycloak (staff sign-in; see keycloak.ts) ----------------------------------------------------------------------

const keycloak: Component = {
  name: 'keycloak',
  ports: (stack) => [stack.infra.keycloak.port, stack.infra.keycloak.managementPort],
  identity: keycloakIdentity,
  start: (stack, log) => Promise.resolve(spawnKeycloak(stack, log)),
  ready: keycloakReady,
  readyTimeoutMs: 300_000,
  stop: stopKeycloak,
  stale: (stack) => keycloakRealmStale(stack),
};

const COMPONENTS: Record<InfraName, Component> = { postgres, redis, nats, mailpit, versitygw, stripe, keycloak };

// --- the lifecycle ------------------------------------------------------------------------------------------------

export type Reporter = (line: string) => void;
const silent: Reporter = () => undefined;

/** A failed start's log saying its port was in use. */
const PORT_IN_USE = /address already in use/i;

/**
 * Starts a component, again (up to four times, 2 s apart) when it could not bind its port although nothing listened
 * there a moment before: the test stacks' ports (PostgreSQL on 55532 and 55572) lie in Linux's ephemeral range, where
 * a short-lived outgoing connection can hold one for a moment (seen right after a bench run).
 */
export async function startBindingRetried(
  stack: Stack,
  component: Pick<Component, 'start'>,
  log: string,
  pauseMs = 2_000,
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await component.start(stack, log);
    } catch (error) {
      if (attempt >= 4 || !PORT_IN_USE.test(logTail(log, 12))) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

async function startOne(stack: Stack, component: Component, report: Reporter): Promise<void> {
  const file = pidFile(stack, component.name);
  const log = logFile(stack, component.name);
  const orphan = component.orphan?.(stack);
  if (orphan !== undefined) writePid(file, orphan);
  const current = tracked(file, component.identity(stack));
  let pid: number;
  if (current.state === 'running' && (await component.stale?.(stack, current.pid))) {
    report(`${component.name}: restarting (pid ${current.pid}), its configuration changed`);
    await component.stop(stack, current.pid);
    removePid(file);
    return startOne(stack, component, report);
  }
  if (current.state === 'running') {
    pid = current.pid;
    if (await component.ready(stack)) {
      report(`${component.name}: already up (pid ${pid})`);
      return;
    }
  } else {
    for (const port of component.ports(stack)) {
      if (await portOpen(port)) {
        throw new Error(
          `${component.name}: port ${port} is taken by a process this tool did not start: ${holderOf(port)}`,
        );
      }
    }
    try {
      pid = await startBindingRetried(stack, component, log);
    } catch (error) {
      throw new Error(`${component.name} failed to start: ${(error as Error).message}\n${logTail(log)}\nlog: ${log}`, {
        cause: error,
      });
    }
    writePid(file, pid);
  }
  // Whether the process lives, not whether it is already the program: between the fork and the exec its cmdline is
  // still node's, and an identity check then (tracked()) took a starting server for an exited one and dropped its
  // pid file.
  const timeoutMs = component.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const ready = await waitUntil(() => component.ready(stack), {
    timeoutMs,
    // Keycloak takes tens of seconds whatever the poll; the others answer within a second or two.
    intervalMs: SLOW_STARTERS.includes(component.name) ? 250 : 50,
    abort: () => (isAlive(pid) ? undefined : 'process exited'),
  }).catch((error: Error) => {
    throw new Error(`${component.name} ${error.message} before it was ready; last lines of ${log}:\n${logTail(log)}`, {
      cause: error,
    });
  });
  if (!ready) {
    throw new Error(
      `${component.name} did not answer within ${timeoutMs / 1000} s; last lines of ${log}:\n${logTail(log)}`,
    );
  }
  await component.prepare?.(stack);
  report(`${component.name}: up on ${component.ports(stack).join(', ')} (pid ${pid})`);
}

/**
 * Starts PostgreSQL, Redis, NATS, mailpit, versitygw, stripe-mock and Keycloak for the profile (no-op for the ones already up) and
 * waits until each answers. Keycloak starts first and alongside the others, which start one after another. `skip`
 * leaves some out (the bench measures nothing that signs staff in, so it runs without Keycloak).
 */
export async function startInfra(
  target: Profile | Stack,
  report: Reporter = silent,
  skip: readonly InfraName[] = [],
): Promise<void> {
  const stack = resolveStack(target);
  ensureRunDirs(stack);
  const wanted = INFRA.filter((name) => !skip.includes(name));
  const slow = Promise.all(
    SLOW_STARTERS.filter((name) => wanted.includes(name)).map((name) => startOne(stack, COMPONENTS[name], report)),
  );
  // Awaited below; a failure of the others is reported first (the slow one keeps starting on its own).
  slow.catch(() => undefined);
  for (const name of wanted) if (!SLOW_STARTERS.includes(name)) await startOne(stack, COMPONENTS[name], report);
  await slow;
}

/** Stops only what this tool started for the profile (per its pid files), in reverse order. */
export async function stopInfra(target: Profile | Stack, report: Reporter = silent): Promise<void> {
  const stack = resolveStack(target);
  for (const name of [...INFRA].reverse()) {
    const component = COMPONENTS[name];
    const file = pidFile(stack, name);
    const current = tracked(file, component.identity(stack));
    if (current.state === 'running') {
      await component.stop(stack, current.pid);
      report(`${name}: stopped (pid ${current.pid})`);
    }
    removePid(file);
  }
}

export async function infraStatus(target: Profile | Stack): Promise<InfraStatus[]> {
  const stack = resolveStack(target);
  return Promise.all(
    INFRA.map(async (name) => {
      const component = COMPONENTS[name];
      const current = tracked(pidFile(stack, name), component.identity(stack));
      const pid = current.state === 'running' ? current.pid : undefined;
      return { name, pid, ports: component.ports(stack), ready: pid !== undefined && (await component.ready(stack)) };
    }),
  );
}
