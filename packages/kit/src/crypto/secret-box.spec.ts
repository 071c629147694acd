import { describe, expect, it } from '@jest/globals';
import { createCipheriv } from 'node:crypto';
import { SecretBox, secretBoxProvider } from './secret-box.js';

const key = 'a1'.repeat(32);
const box = new SecretBox(key);

describe('SecretBox', () => {
  it('seals a secret so that it reads back, and never the same way twice', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('opens values sealed in the v1 form before it moved to the kit (12-byte iv, tag, ciphertext; base64url)', () => {
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'hex'), iv);
    const data = Buffer.concat([cipher.update('whsec_stored-before', 'utf8'), cipher.final()]);
    const stored = ['v1', iv, cipher.getAuthTag(), data].map((p) =>
      typeof p === 'string' ? p : p.toString('base64url'),
    );
    expect(box.open(stored.join('.'))).toBe('whsec_stored-before');
  });

  it('refuses what another key sealed, an altered value, and a plain or malformed one', () => {
    const other = new SecretBox('b2'.repeat(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(() => other.open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const altered = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => box.open([v, iv, tag, altered].join('.'))).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP')).toThrow('not a sealed secret');
    expect(() => box.open(['v2', iv, tag, data].join('.'))).toThrow('not a sealed secret');
    expect(() => box.open(`${sealed}.more`)).toThrow('not a sealed secret');
  });

  it('refuses a key that is not 32 bytes in hex', () => {
    expect(() => new SecretBox('a1'.repeat(16))).toThrow('64 hex digits');
    expect(() => new SecretBox('zz'.repeat(32))).toThrow('64 hex digits');
  });

  it('is provided from the variable of the configuration that holds its key', () => {
    const provider = secretBoxProvider('MFA_ENCRYPTION_KEY') as { useFactory: (config: object) => SecretBox };
    const provided = provider.useFactory({ MFA_ENCRYPTION_KEY: key });
    expect(provided.open(box.seal('shared'))).toBe('shared');
  });
});
