import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensurePki,
  grpcTlsEnv,
  identitiesOf,
  identityFiles,
  makeForeignIdentity,
  TEST_CLIENT_IDENTITY,
} from './certs.ts';
import { stackFor } from './registry.ts';

const stack = { ...stackFor('test'), dataDir: mkdtempSync(join(tmpdir(), 'pencraft-pki-')) };
const verify = (ca: string, cert: string) => {
  try {
    execFileSync('openssl', ['verify', '-CAfile', ca, cert], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
};
const subject = (cert: string) =>
  execFileSync('openssl', ['x509', '-in', cert, '-noout', '-subject', '-ext', 'subjectAltName,extendedKeyUsage'])
    .toString()
    .replace(/\s+/g, ' ');

describe('the local gRPC PKI', () => {
  beforeAll(() => ensurePki(stack));

  it('gives every service, the gateway and the suites a certificate named for them, signed by the profile CA', () => {
    expect(identitiesOf(stack)).toEqual(
      expect.arrayContaining(['articles', 'identity', 'gateway', TEST_CLIENT_IDENTITY]),
    );
    for (const name of identitiesOf(stack)) {
      const files = identityFiles(stack, name);
      expect(verify(files.ca, files.cert)).toBe(true);
      expect(subject(files.cert)).toContain(`CN = ${name}`);
      expect(subject(files.cert)).toContain(`DNS:${name}`);
      expect(subject(files.cert)).toContain('TLS Web Server Authentication, TLS Web Client Authentication');
    }
  });

  it('is made once: a second run keeps every file', () => {
    const before = readFileSync(identityFiles(stack, 'articles').cert, 'utf8');
    ensurePki(stack);
    expect(readFileSync(identityFiles(stack, 'articles').cert, 'utf8')).toBe(before);
  });

  it('names the files to the kit by GRPC_TLS_*', () => {
    expect(grpcTlsEnv(stack, 'articles')).toEqual({
      GRPC_TLS_CA_FILE: join(stack.dataDir, 'pki', 'articles', 'ca.crt'),
      GRPC_TLS_CERT_FILE: join(stack.dataDir, 'pki', 'articles', 'tls.crt'),
      GRPC_TLS_KEY_FILE: join(stack.dataDir, 'pki', 'articles', 'tls.key'),
      GRPC_ACCESS_TRUSTED: TEST_CLIENT_IDENTITY,
    });
  });

  it('makes a foreign identity the profile CA does not vouch for', () => {
    const foreign = makeForeignIdentity(mkdtempSync(join(tmpdir(), 'pencraft-foreign-')), 'moderation');
    expect(verify(foreign.ca, foreign.cert)).toBe(true);
    expect(verify(identityFiles(stack, 'articles').ca, foreign.cert)).toBe(false);
  });
});
