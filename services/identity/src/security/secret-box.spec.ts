import { describe, expect, it } from '@jest/globals';
import { SecretBox } from './secret-box.js';

const box = new SecretBox({ MFA_ENCRYPTION_KEY: 'a1'.repeat(32) });

describe('SecretBox', () => {
  it('seals a secret so that it reads back, and never the same way twice', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses what another key sealed, an altered value, and a plain one', () => {
    const other = new SecretBox({ MFA_ENCRYPTION_KEY: 'b2'.repeat(32) });
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(() => other.open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    expect(() => box.open([v, iv, tag, `A${data!.slice(1)}`].join('.'))).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP')).toThrow('not a sealed secret');
  });
});
