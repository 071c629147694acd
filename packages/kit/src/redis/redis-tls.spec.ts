import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisTlsFromEnv } from './redis-tls.js';

const dir = mkdtempSync(join(tmpdir(), 'redis-tls-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const ca = file('ca.crt', 'CA PEM');
const cert = file('tls.crt', 'CERT PEM');
const key = file('tls.key', 'KEY PEM');

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

  it('presents a client certificate given both of its files, and refuses one without the other', () => {
    expect(redisTlsFromEnv('rediss://redis:6380', { REDIS_TLS_CERT_FILE: cert, REDIS_TLS_KEY_FILE: key })).toEqual({
      cert: Buffer.from('CERT PEM'),
      key: Buffer.from('KEY PEM'),
      servername: 'redis',
    });
    expect(() => redisTlsFromEnv('rediss://redis:6380', { REDIS_TLS_CERT_FILE: cert })).toThrow(
      /needs both REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE/,
    );
  });
});
