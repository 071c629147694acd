import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsTlsFromEnv } from './nats-tls.js';

// The files themselves (pairs, blanks, missing ones) are tlsFilesFromEnv's (config/tls-files.spec.ts).
const ca = join(mkdtempSync(join(tmpdir(), 'nats-tls-')), 'ca.crt');
writeFileSync(ca, 'CA PEM');

describe('NATS TLS from the environment (issue #19)', () => {
  it('stays plaintext for nats:// outside production', () => {
    expect(natsTlsFromEnv('nats://127.0.0.1:4222', { NODE_ENV: 'test' })).toBeUndefined();
    expect(natsTlsFromEnv('nats://127.0.0.1:4222', { NODE_ENV: 'development' })).toBeUndefined();
  });

  it('refuses plaintext in production unless NATS_INSECURE=true says so', () => {
    expect(() => natsTlsFromEnv('nats://nats:4222', { NODE_ENV: 'production' })).toThrow(
      /NATS needs TLS in production: use tls:\/\/ server URLs/,
    );
    expect(() => natsTlsFromEnv('nats://nats:4222', { NODE_ENV: 'production', NATS_INSECURE: '1' })).toThrow();
    expect(natsTlsFromEnv('nats://nats:4222', { NODE_ENV: 'production', NATS_INSECURE: 'true' })).toBeUndefined();
  });

  it('turns TLS on for a tls:// server (the system roots without a CA file) and with the CA file, as PEM text', () => {
    expect(natsTlsFromEnv('tls://nats:4222', { NODE_ENV: 'production' })).toEqual({});
    expect(natsTlsFromEnv('nats://a:4222, tls://b:4222', { NODE_ENV: 'production' })).toEqual({});
    expect(natsTlsFromEnv('tls://nats:4222', { NODE_ENV: 'production', NATS_TLS_CA_FILE: ca })).toEqual({
      ca: 'CA PEM',
    });
  });

  it('turns TLS on for a nats:// URL when a TLS file is named (the server upgrades the connection)', () => {
    expect(natsTlsFromEnv('nats://nats:4222', { NODE_ENV: 'production', NATS_TLS_CA_FILE: ca })).toEqual({
      ca: 'CA PEM',
    });
  });

  it('presents a client certificate only with its key', () => {
    expect(() => natsTlsFromEnv('tls://nats:4222', { NATS_TLS_CERT_FILE: ca })).toThrow(
      /needs both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE/,
    );
    expect(natsTlsFromEnv('tls://nats:4222', { NATS_TLS_CERT_FILE: ca, NATS_TLS_KEY_FILE: ca })).toEqual({
      cert: 'CA PEM',
      key: 'CA PEM',
    });
  });
});
