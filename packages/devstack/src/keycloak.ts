// Keycloak (staff sign-in) as a local process of one profile. The distribution (Maven Central
// org.keycloak:keycloak-quarkus-dist, fetched by scripts/setup.sh) is cached unzipped in .tools/keycloak-<version>/;
// each profile runs its own copy under .data/<profile>/keycloak/server (Keycloak keeps its build and its dev-file
// database inside its home), with the realm `pencraft` imported from keycloak/pencraft-realm.json on start, the
// profile's secrets (.data/<profile>/secrets.json) substituted in.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseEnv, httpStatus, spawnDetached, terminate, type Identity } from './proc.ts';
import { keycloakPublicUrl } from './env.ts';
import type { Stack } from './registry.ts';
import { loadSecrets, type Secrets } from './secrets.ts';

/** The realm's staff roles: moderator (the review queue), finance (the payouts queue) and admin (every route). */
export type StaffRole = 'moderator' | 'finance' | 'admin';
/** The public client of the staff console (authorization code + PKCE; direct grants only for the seed and tests). */
export const CONSOLE_CLIENT_ID = 'pencraft-console';
/** The master realm's administrator (Keycloak's own admin console). */
export const KEYCLOAK_BOOTSTRAP_ADMIN = 'kcadmin';
/** Test profile only: a confidential client whose service account is a moderator, with 1-second access tokens. */
export const TESTS_CLIENT_ID = 'pencraft-tests';
/** Test profile only: a public client without the pencraft-api audience mapper (tokens the API must refuse). */
export const TESTS_NO_AUDIENCE_CLIENT_ID = 'pencraft-tests-noaudience';
export const PARTNERS_CLIENT_ID = 'pencraft-partners';
/**
 * identity's confidential client for Keycloak's admin API (issue #18): its service account holds realm-management's
 * manage-clients, view-clients and query-clients, so identity makes, rotates and disables partner clients.
 */
export const IDENTITY_ADMIN_CLIENT_ID = 'pencraft-identity-admin';

const REALM_TEMPLATE = new URL('../keycloak/pencraft-realm.json', import.meta.url);

export function keycloakDist(stack: Stack): string {
  return join(stack.root, '.tools', `keycloak-${stack.infra.keycloak.version}`);
}

export function keycloakHome(stack: Stack): string {
  return join(stack.dataDir, 'keycloak', 'server');
}

/** Keycloak 26 needs Java 21 or later: KEYCLOAK_JAVA_HOME, else Temurin 25 or any JDK 21+ under /usr/lib/jvm. */
export function keycloakJavaHome(): string {
  const candidates = [process.env.KEYCLOAK_JAVA_HOME, '/usr/lib/jvm/temurin-25-jdk-amd64'];
  if (existsSync('/usr/lib/jvm')) {
    for (const name of readdirSync('/usr/lib/jvm').sort().reverse()) {
      const major = /(?:^|-)(\d{2})(?:[.-]|$)/.exec(name)?.[1];
      if (major && Number(major) >= 21) candidates.push(join('/usr/lib/jvm', name));
    }
  }
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'bin', 'java')));
  if (!found) {
    throw new Error(
      'Keycloak needs Java 21 or later: install Temurin 25 (/usr/lib/jvm/temurin-25-jdk-amd64) or set KEYCLOAK_JAVA_HOME',
    );
  }
  return found;
}

/** The staff console's origins on this profile: the shell, served by the gateway. */
function consoleOrigins(stack: Stack): string[] {
  const port = stack.gateway.httpPort;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** The realm to import: the committed template with this profile's passwords, secrets and origins. */
export function renderRealm(stack: Stack, secrets: Secrets): string {
  const origins = consoleOrigins(stack);
  const values: Record<string, string> = {
    REALM: stack.infra.keycloak.realm,
    MODERATOR_PASSWORD: secrets.keycloakModeratorPassword,
    ADMIN_PASSWORD: secrets.keycloakAdminPassword,
    FINANCE_PASSWORD: secrets.keycloakFinancePassword,
    NOSTAFF_PASSWORD: secrets.keycloakNoStaffPassword,
    PARTNERS_SECRET: secrets.keycloakPartnersSecret,
    TESTS_SECRET: secrets.keycloakTestsSecret,
    IDENTITY_ADMIN_SECRET: secrets.keycloakIdentityAdminSecret,
  };
  const raw = readFileSync(REALM_TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_all, key: string) => {
    const value = key === 'SHELL_ORIGIN' ? origins[0] : values[key];
    if (value === undefined) throw new Error(`pencraft-realm.json: unknown placeholder ${key}`);
    return value;
  });
  const realm = JSON.parse(raw) as {
    clients: { clientId: string; redirectUris?: string[]; webOrigins?: string[] }[];
    users: { username: string; serviceAccountClientId?: string }[];
  };
  // Every name the shell is reached by on this profile (localhost and 127.0.0.1).
  for (const client of realm.clients) {
    if (client.redirectUris) client.redirectUris = origins.map((origin) => `${origin}/*`);
    if (client.webOrigins) client.webOrigins = origins;
  }
  if (stack.profile !== 'test') {
    realm.clients = realm.clients.filter((c) => ![TESTS_CLIENT_ID, TESTS_NO_AUDIENCE_CLIENT_ID].includes(c.clientId));
    realm.users = realm.users.filter((u) => u.serviceAccountClientId !== TESTS_CLIENT_ID);
  }
  return `${JSON.stringify(realm, null, 2)}\n`;
}

/**
 * The profile's Keycloak home: a copy of the cached distribution (made again when the version changes) with the
 * rendered realm in data/import. A realm that differs from the one imported last time drops the dev-file database,
 * so the next start imports it afresh (Keycloak skips a realm that already exists).
 */
export function prepareKeycloakHome(stack: Stack, secrets: Secrets = loadSecrets(stack)): string {
  const dist = keycloakDist(stack);
  if (!existsSync(join(dist, 'bin', 'kc.sh'))) {
    throw new Error(
      `Keycloak ${stack.infra.keycloak.version} is not in ${dist}: run packages/devstack/scripts/setup.sh`,
    );
  }
  const home = keycloakHome(stack);
  const version = (dir: string) =>
    existsSync(join(dir, 'version.txt')) ? readFileSync(join(dir, 'version.txt'), 'utf8') : undefined;
  if (version(home) !== version(dist)) {
    rmSync(home, { recursive: true, force: true });
    mkdirSync(join(stack.dataDir, 'keycloak'), { recursive: true });
    cpSync(dist, home, { recursive: true, preserveTimestamps: true });
  }
  const realm = renderRealm(stack, secrets);
  const digest = createHash('sha256').update(realm).digest('hex');
  const importDir = join(home, 'data', 'import');
  const stamp = join(home, 'data', 'pencraft-realm.sha256');
  mkdirSync(importDir, { recursive: true });
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
    rmSync(join(home, 'data', 'h2'), { recursive: true, force: true });
    writeFileSync(stamp, digest);
  }
  writeFileSync(join(importDir, 'pencraft-realm.json'), realm, { mode: 0o600 });
  return home;
}

/**
 * Whether the running Keycloak imported another realm than the one the repository renders now (a role or a demo user
 * added since it started): it imports only on start, so startInfra restarts it.
 */
export function keycloakRealmStale(stack: Stack, secrets: Secrets = loadSecrets(stack)): boolean {
  const stamp = join(keycloakHome(stack), 'data', 'pencraft-realm.sha256');
  if (!existsSync(stamp)) return false;
  const digest = createHash('sha256').update(renderRealm(stack, secrets)).digest('hex');
  return readFileSync(stamp, 'utf8') !== digest;
}

export function keycloakIdentity(stack: Stack): Identity {
  return { cmdlineIncludes: ['start-dev', `--http-port=${stack.infra.keycloak.port}`] };
}

/** Starts Keycloak in dev mode (dev-file database) and returns the pid of kc.sh (it forwards SIGTERM to Java). */
export function spawnKeycloak(stack: Stack, log: string): number {
  const secrets = loadSecrets(stack);
  const home = prepareKeycloakHome(stack, secrets);
  const { port, managementPort } = stack.infra.keycloak;
  const args = [
    'start-dev',
    `--http-port=${port}`,
    '--http-host=127.0.0.1',
    `--http-management-port=${managementPort}`,
    '--health-enabled=true',
    // A fixed public address: the issuer of every token is the same whichever name a client used.
    `--hostname=${keycloakPublicUrl(stack)}`,
    '--hostname-backchannel-dynamic=true',
    '--import-realm',
    '--log-level=WARN',
  ];
  // Passwords through the environment only (the log's header line shows the command and its arguments).
  const env = {
    ...baseEnv(),
    JAVA_HOME: keycloakJavaHome(),
    JAVA_OPTS_KC_HEAP: '-Xms64m -Xmx512m',
    KC_BOOTSTRAP_ADMIN_USERNAME: KEYCLOAK_BOOTSTRAP_ADMIN,
    KC_BOOTSTRAP_ADMIN_PASSWORD: secrets.keycloakBootstrapPassword,
  };
  const child = spawnDetached({ command: join(home, 'bin', 'kc.sh'), args, env, cwd: home, log });
  if (child.pid === undefined) throw new Error('kc.sh did not start');
  return child.pid;
}

/** Ready when the server says so and the realm has been imported. */
export async function keycloakReady(stack: Stack): Promise<boolean> {
  const { port, managementPort, realm } = stack.infra.keycloak;
  if ((await httpStatus(`http://127.0.0.1:${managementPort}/health/ready`)) !== 200) return false;
  return (await httpStatus(`http://127.0.0.1:${port}/realms/${realm}/.well-known/openid-configuration`)) === 200;
}

export async function stopKeycloak(stack: Stack, pid: number): Promise<void> {
  await terminate(pid, keycloakIdentity(stack), { timeoutMs: 30_000 });
}

// --- tokens (the seed and the tests) ------------------------------------------------------------------------------

export function keycloakTokenUrl(stack: Stack, realm: string = stack.infra.keycloak.realm): string {
  return `http://127.0.0.1:${stack.infra.keycloak.port}/realms/${realm}/protocol/openid-connect/token`;
}

async function requestToken(url: string, form: Record<string, string>): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`Keycloak refused the token request (${response.status} ${body.error ?? ''})`.trim());
  }
  return body.access_token;
}

/** A password-grant access token of a realm user (direct access grants are on for the console client). */
export function passwordToken(
  stack: Stack,
  username: string,
  password: string,
  options: { clientId?: string; realm?: string } = {},
): Promise<string> {
  return requestToken(keycloakTokenUrl(stack, options.realm), {
    grant_type: 'password',
    client_id: options.clientId ?? CONSOLE_CLIENT_ID,
    username,
    password,
    scope: 'openid',
  });
}

/** A client-credentials access token of a confidential client's service account. */
export function clientCredentialsToken(stack: Stack, clientId: string, secret: string): Promise<string> {
  return requestToken(keycloakTokenUrl(stack), {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: secret,
  });
}

/** The demo staff account of a role and its password (from .data/<profile>/secrets.json). */
export function staffCredentials(stack: Stack, role: StaffRole = 'moderator'): { username: string; password: string } {
  const secrets = loadSecrets(stack);
  switch (role) {
    case 'admin':
      return { username: 'admin', password: secrets.keycloakAdminPassword };
    case 'finance':
      return { username: 'finance', password: secrets.keycloakFinancePassword };
    case 'moderator':
      return { username: 'moderator', password: secrets.keycloakModeratorPassword };
  }
}

/** An access token of the demo moderator (or admin, or finance), as the staff console would hold after signing in. */
export function staffPasswordToken(stack: Stack, role: StaffRole = 'moderator'): Promise<string> {
  const { username, password } = staffCredentials(stack, role);
  return passwordToken(stack, username, password);
}
