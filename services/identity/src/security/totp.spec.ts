import { describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { TOTP_PERIOD, Totp } from './totp.js';

const totp = new Totp();
const secret = totp.newSecret();
const NOW = new Date('2026-11-26T10:00:10Z');
const stepOf = (date: Date) => Math.floor(date.getTime() / 1000 / TOTP_PERIOD);
const codeAt = (date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });
const shifted = (steps: number) => new Date(NOW.getTime() + steps * TOTP_PERIOD * 1000);

describe('Totp', () => {
  it('makes a 160-bit Base32 secret and an otpauth URI for authenticator apps', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totp.uri(secret, 'leyla_m'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Pencraft');
    expect(decodeURIComponent(uri.pathname)).toContain('leyla_m');
  });

  it("accepts the current step's code and one step either side, answering the code's own step", async () => {
    for (const steps of [-1, 0, 1]) {
      expect(await totp.match(secret, await codeAt(shifted(steps)), NOW, 0)).toBe(stepOf(shifted(steps)));
    }
  });

  it('refuses codes two steps away', async () => {
    expect(await totp.match(secret, await codeAt(shifted(-2)), NOW, 0)).toBeUndefined();
    expect(await totp.match(secret, await codeAt(shifted(2)), NOW, 0)).toBeUndefined();
  });

  it('refuses a code whose step was already used, and an older one, but takes a newer one', async () => {
    const used = stepOf(NOW);
    expect(await totp.match(secret, await codeAt(NOW), NOW, used)).toBeUndefined();
    expect(await totp.match(secret, await codeAt(shifted(-1)), NOW, used)).toBeUndefined();
    expect(await totp.match(secret, await codeAt(shifted(1)), NOW, used)).toBe(used + 1);
  });

  it('refuses anything that is not six digits without asking otplib', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(await totp.match(secret, code, NOW, 0)).toBeUndefined();
    }
  });
});
