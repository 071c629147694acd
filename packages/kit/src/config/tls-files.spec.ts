import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tlsFilesFromEnv, tlsFileVariables } from './tls-files.js';

const dir = mkdtempSync(join(tmpdir(), 'tls-files-'));
const [ca, cert, key] = ['ca.crt', 'tls.crt', 'tls.key'].map((name) => {
  writeFileSync(join(dir, name), `${name} PEM`);
  return join(dir, name);
});

describe("a TLS client's PEM files from the environment (issue #19)", () => {
  it('names them after the prefix', () => {
    expect(tlsFileVariables('NATS')).toEqual(['NATS_TLS_CA_FILE', 'NATS_TLS_CERT_FILE', 'NATS_TLS_KEY_FILE']);
  });

  it('reads none when none is named (blank is unset)', () => {
    expect(tlsFilesFromEnv('REDIS', {})).toBeUndefined();
    expect(tlsFilesFromEnv('REDIS', { REDIS_TLS_CA_FILE: ' ' })).toBeUndefined();
  });

  it('reads the CA alone, or with a client certificate and its key', () => {
    expect(tlsFilesFromEnv('REDIS', { REDIS_TLS_CA_FILE: ` ${ca} ` })).toEqual({ ca: Buffer.from('ca.crt PEM') });
    expect(tlsFilesFromEnv('NATS', { NATS_TLS_CA_FILE: ca, NATS_TLS_CERT_FILE: cert, NATS_TLS_KEY_FILE: key })).toEqual(
      {
        ca: Buffer.from('ca.crt PEM'),
        cert: Buffer.from('tls.crt PEM'),
        key: Buffer.from('tls.key PEM'),
      },
    );
    expect(tlsFilesFromEnv('NATS', { NATS_TLS_CERT_FILE: cert, NATS_TLS_KEY_FILE: key })).toEqual({
      cert: Buffer.from('tls.crt PEM'),
      key: Buffer.from('tls.key PEM'),
    });
  });

  it('refuses a certificate without its key (or a key alone), and a named file that is missing', () => {
    expect(() => tlsFilesFromEnv('NATS', { NATS_TLS_CERT_FILE: cert })).toThrow(
      'a client certificate needs both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE',
    );
    expect(() => tlsFilesFromEnv('REDIS', { REDIS_TLS_KEY_FILE: key })).toThrow(/needs both REDIS_TLS_CERT_FILE/);
    expect(() => tlsFilesFromEnv('REDIS', { REDIS_TLS_CA_FILE: join(dir, 'absent.crt') })).toThrow(/ENOENT/);
  });
});
