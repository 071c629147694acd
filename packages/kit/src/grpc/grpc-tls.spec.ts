import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerCredentials } from '@grpc/grpc-js';
import { grpcChannel, grpcServerCredentials, grpcTlsFromEnv, serviceNameOf } from './grpc-tls.js';

const dir = mkdtempSync(join(tmpdir(), 'grpc-tls-'));
for (const [file, text] of [
  ['ca.crt', 'CA'],
  ['tls.crt', 'CERT'],
  ['tls.key', 'KEY'],
]) {
  writeFileSync(join(dir, file!), text!);
}
const files = {
  GRPC_TLS_CA_FILE: join(dir, 'ca.crt'),
  GRPC_TLS_CERT_FILE: join(dir, 'tls.crt'),
  GRPC_TLS_KEY_FILE: join(dir, 'tls.key'),
};

describe('grpcTlsFromEnv', () => {
  it('reads the three PEM files', () => {
    const tls = grpcTlsFromEnv({ NODE_ENV: 'production', ...files });
    expect(tls && { ca: tls.ca.toString(), cert: tls.cert.toString(), key: tls.key.toString() }).toEqual({
      ca: 'CA',
      cert: 'CERT',
      key: 'KEY',
    });
  });

  it('is plaintext without them in development and test only', () => {
    expect(grpcTlsFromEnv({ NODE_ENV: 'development' })).toBeUndefined();
    expect(grpcTlsFromEnv({ NODE_ENV: 'test' })).toBeUndefined();
    expect(() => grpcTlsFromEnv({ NODE_ENV: 'production' })).toThrow(/needs its certificate in production/);
    expect(grpcTlsFromEnv({ NODE_ENV: 'production', GRPC_INSECURE: 'true' })).toBeUndefined();
  });

  it('refuses a partial identity and a missing file', () => {
    expect(() => grpcTlsFromEnv({ GRPC_TLS_CA_FILE: files.GRPC_TLS_CA_FILE })).toThrow(/needs all of/);
    expect(() => grpcTlsFromEnv({ ...files, GRPC_TLS_KEY_FILE: join(dir, 'missing.key') })).toThrow(/ENOENT/);
  });
});

describe('credentials', () => {
  it('is plaintext without an identity', () => {
    expect(grpcServerCredentials(undefined)._isSecure()).toBe(false);
    expect(grpcChannel(undefined, 'articles')).toEqual({ credentials: expect.anything(), options: {} });
    expect(grpcChannel(undefined, 'articles').credentials._isSecure()).toBe(false);
    expect(grpcServerCredentials(undefined)).toBeInstanceOf(ServerCredentials);
  });

  it('names the service a definition belongs to by its proto package', () => {
    expect(serviceNameOf({ getArticle: { path: '/articles.v1.ArticlesService/GetArticle' } })).toBe('articles');
    expect(serviceNameOf({ check: { path: '/identity.v1.TrustService/Check' } })).toBe('identity');
    expect(() => serviceNameOf({})).toThrow(/cannot tell/);
    expect(serviceNameOf({ check: { path: '/grpc.health.v1.Health/Check' } })).toBeUndefined();
  });
});
