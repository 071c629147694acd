import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisTlsFromEnv } from './redis-tls.js';

// The files themselves (pairs, blanks, missing ones) are tlsFilesFromEnv's (config/tls-files.spec.ts).
const ca = join(mkdtempSync(join(tmpdir(), 'redis-tls-')), 'ca.crt');
writeFileSync(ca, 'CA PEM');

describe('Redis TLS from the environment (issue #19)', () => {
  it('stays plaintext for redis:// outside production', () => {
    expect(redisTlsFromEnv('redis://articles:pw@127.0.0.1:6379', { NODE_ENV: 'test' })).toBeUndefined();
  });

  it('refuses plaintext in production unless REDIS_INSECURE=true says so', () => {
    expect(() => redisTlsFromEnv('redis://articles:pw@redis:6379', { NODE_ENV: 'production' })).toThrow(
      /Redis needs TLS in production: use a rediss:\/\/ REDIS_URL/,
    );
    expect(() => redisTlsFromEnv('redis://redis:6379', { NODE_ENV: 'production', REDIS_INSECURE: 'yes' })).toThrow();
    expect(redisTlsFromEnv('redis://redis:6379', { NODE_ENV: 'production', REDIS_INSECURE: 'true' })).toBeUndefined();
  });

  it('refuses a plaintext URL beside TLS files (a URL left plain by mistake), even outside production', () => {
    expect(() => redisTlsFromEnv('redis://redis:6379', { NODE_ENV: 'test', REDIS_TLS_CA_FILE: ca })).toThrow(
      /REDIS_URL is plaintext: use rediss:\/\//,
    );
    expect(() =>
      redisTlsFromEnv('redis://redis:6379', { NODE_ENV: 'production', REDIS_INSECURE: 'true', REDIS_TLS_CA_FILE: ca }),
    ).toThrow(/use rediss:\/\//);
  });

  it("verifies a rediss:// server against the CA file (the system roots without it), by the URL's host name", () => {
    expect(redisTlsFromEnv('rediss://articles:pw@redis.redis.svc:6380', { NODE_ENV: 'production' })).toEqual({
      servername: 'redis.redis.svc',
    });
    expect(
      redisTlsFromEnv('rediss://articles:pw@redis.redis.svc:6380', { NODE_ENV: 'production', REDIS_TLS_CA_FILE: ca }),
    ).toEqual({ ca: Buffer.from('CA PEM'), servername: 'redis.redis.svc' });
    // An IP address is no server name (SNI): the certificate is checked against the address itself.
    expect(redisTlsFromEnv('rediss://127.0.0.1:6380', { REDIS_TLS_CA_FILE: ca })).toEqual({
      ca: Buffer.from('CA PEM'),
    });
    expect(redisTlsFromEnv('rediss://[::1]:6380', {})).toEqual({});
  });

  it('presents a client certificate only with its key', () => {
    expect(() => redisTlsFromEnv('rediss://redis:6380', { REDIS_TLS_CERT_FILE: ca })).toThrow(
      /needs both REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE/,
    );
  });
});
