// The local stack's gRPC identities (issue #19): one certificate authority per profile and one certificate per
// service, the gateway and the test suites, made once with Debian's openssl under .data/<profile>/pki (never
// committed: .data/ is ignored). Each identity is a directory like a Kubernetes TLS Secret: tls.crt, tls.key and the
// CA's ca.crt. The certificate's CN and DNS name are the identity's name, which the servers' allow-lists read and the
// clients check against the service they meant to call.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.ts';
import type { Stack } from './registry.ts';

/** The identity the test suites' own gRPC clients present (allowed only where grpc-access.json lists it). */
export const TEST_CLIENT_IDENTITY = 'test-client';

const CA_DAYS = 3650;
const LEAF_DAYS = 825;

export function pkiDir(stack: Stack): string {
  return join(stack.dataDir, 'pki');
}

/** The files of one identity: its certificate and key, and the CA that signed every identity of the profile. */
export function identityFiles(stack: Stack, name: string): { ca: string; cert: string; key: string } {
  const dir = join(pkiDir(stack), name);
  return { ca: join(dir, 'ca.crt'), cert: join(dir, 'tls.crt'), key: join(dir, 'tls.key') };
}

/**
 * The kit's gRPC TLS variables for a process running as `name` (paths only: ensurePki makes the files), and the
 * identity every server of a local stack trusts with every method besides its allow-list: the suites' and tools'
 * test client (the chart never sets GRPC_ACCESS_TRUSTED; production refuses it).
 */
export function grpcTlsEnv(stack: Stack, name: string): Env {
  const files = identityFiles(stack, name);
  return {
    GRPC_TLS_CA_FILE: files.ca,
    GRPC_TLS_CERT_FILE: files.cert,
    GRPC_TLS_KEY_FILE: files.key,
    GRPC_ACCESS_TRUSTED: TEST_CLIENT_IDENTITY,
  };
}

/** Every identity of the stack: the services, the gateway and the test suites' client. */
export function identitiesOf(stack: Stack): string[] {
  return [...stack.services.map((s) => s.name), stack.gateway.name, TEST_CLIENT_IDENTITY];
}

/**
 * Makes what is missing of the profile's PKI: the CA once (its key never leaves pki/ca), then a certificate per
 * identity. Safe when several processes call it at once: the CA and each identity are built in a temporary
 * directory and renamed into place, and a loser of the race keeps the winner's files.
 */
export function ensurePki(stack: Stack, names: readonly string[] = identitiesOf(stack)): void {
  const root = pkiDir(stack);
  const caDir = join(root, 'ca');
  if (!existsSync(join(caDir, 'ca.crt'))) {
    mkdirSync(root, { recursive: true });
    publish(root, caDir, (tmp) => makeCa(tmp, `Pencraft ${stack.profile} gRPC CA`));
  }
  for (const name of names) {
    const dir = join(root, name);
    if (existsSync(join(dir, 'tls.crt'))) continue;
    publish(root, dir, (tmp) => makeLeaf(tmp, caDir, name));
  }
  if (!existsSync(actorKeyFiles(stack).verifying)) publish(root, join(root, 'actor'), makeActorKeys);
}

/**
 * A server certificate from the profile's CA for NATS or Redis (issue #19, TLS to the messaging servers), made when
 * missing: its DNS names are the server's name and localhost, and 127.0.0.1. The local stacks' servers speak plaintext
 * (the kit allows it outside production); the suites start TLS servers with these to prove the kit's TLS clients.
 */
export function messagingServerFiles(
  stack: Stack,
  server: 'nats' | 'redis',
): { ca: string; cert: string; key: string } {
  ensurePki(stack, [server]);
  return identityFiles(stack, server);
}

/** The gateway's actor token keys (Ed25519, PEM): it signs with the private one, every service verifies. */
export function actorKeyFiles(stack: Stack): { signing: string; verifying: string } {
  const dir = join(pkiDir(stack), 'actor');
  return { signing: join(dir, 'signing.key'), verifying: join(dir, 'verify.pub') };
}

/** The actor token variables of an application: the gateway signs, the services verify. */
export function actorKeyEnv(stack: Stack, name: string): Env {
  const files = actorKeyFiles(stack);
  return name === stack.gateway.name
    ? { ACTOR_TOKEN_SIGNING_KEY_FILE: files.signing }
    : { ACTOR_TOKEN_VERIFY_KEY_FILE: files.verifying };
}

function makeActorKeys(dir: string): void {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(dir, 'signing.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  writeFileSync(join(dir, 'verify.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
}

/** A CA of its own, in a directory outside the profile's PKI: certificates it signs must be refused (tests). */
export function makeForeignIdentity(dir: string, name: string): { ca: string; cert: string; key: string } {
  mkdirSync(join(dir, 'ca'), { recursive: true });
  makeCa(join(dir, 'ca'), 'Not the Pencraft CA');
  mkdirSync(join(dir, name), { recursive: true });
  makeLeaf(join(dir, name), join(dir, 'ca'), name);
  return { ca: join(dir, name, 'ca.crt'), cert: join(dir, name, 'tls.crt'), key: join(dir, name, 'tls.key') };
}

/**
 * The calling process (a test suite, the bench) presents the test client's certificate of the stack it starts on its
 * own gRPC clients: the kit's createGrpcClient reads these variables. An identity set otherwise is kept.
 */
export function adoptTestClientIdentity(stack: Stack): void {
  if (process.env.GRPC_TLS_CERT_FILE && process.env.PENCRAFT_GRPC_IDENTITY !== 'adopted') return;
  ensurePki(stack, [TEST_CLIENT_IDENTITY]);
  Object.assign(process.env, grpcTlsEnv(stack, TEST_CLIENT_IDENTITY), { PENCRAFT_GRPC_IDENTITY: 'adopted' });
}

function publish(root: string, target: string, build: (tmp: string) => void): void {
  const tmp = mkdtempSync(join(root, '.tmp-'));
  try {
    build(tmp);
    try {
      renameSync(tmp, target);
    } catch (error) {
      // Another process published it first (ENOTEMPTY/EEXIST): theirs stands.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`openssl ${args[0]} failed${stderr ? `: ${stderr}` : ''} (is Debian's openssl installed?)`, {
      cause: error,
    });
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function makeCa(dir: string, commonName: string): void {
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    join(dir, 'ca.key'),
    '-out',
    join(dir, 'ca.crt'),
    '-days',
    String(CA_DAYS),
    '-subj',
    `/O=Pencraft/CN=${commonName}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE,pathlen:0',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

function makeLeaf(dir: string, caDir: string, name: string): void {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`invalid identity name "${name}"`);
  const csr = join(dir, 'tls.csr');
  const ext = join(dir, 'ext.cnf');
  openssl(['req', '-new', ...EC_KEY, '-keyout', join(dir, 'tls.key'), '-out', csr, '-subj', `/O=Pencraft/CN=${name}`]);
  writeFileSync(
    ext,
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth,clientAuth',
      `subjectAltName=DNS:${name},DNS:localhost,IP:127.0.0.1`,
      '',
    ].join('\n'),
  );
  openssl([
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    join(caDir, 'ca.crt'),
    '-CAkey',
    join(caDir, 'ca.key'),
    '-set_serial',
    `0x${cryptoSerial()}`,
    '-days',
    String(LEAF_DAYS),
    '-extfile',
    ext,
    '-out',
    join(dir, 'tls.crt'),
  ]);
  copyFileSync(join(caDir, 'ca.crt'), join(dir, 'ca.crt'));
  rmSync(csr);
  rmSync(ext);
}

function cryptoSerial(): string {
  return `1${randomBytes(15).toString('hex')}`;
}
