import { beforeEach, describe, expect, it } from '@jest/globals';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { SecretBox, type Clock } from '@pencraft/kit';
import type { MfaRepository, MfaRow } from './mfa.repository.js';
import { createHash } from 'node:crypto';
import { RecoveryCodeHasher } from './recovery-codes.js';
import { SecondFactorService } from './second-factor.service.js';
import type { Totp } from './totp.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const USER = '7c0e5d8a-3b1f-4e2a-9c6d-1f2e3d4c5b6a';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const box = new SecretBox('c3'.repeat(32));
const codeHasher = new RecoveryCodeHasher({ RECOVERY_CODE_HMAC_KEY: 'd4'.repeat(32) });
const enabled: MfaRow = {
  userId: USER,
  secret: box.seal(SECRET),
  enabledAt: new Date('2026-11-01T00:00:00Z'),
  lastStep: 100,
  createdAt: new Date('2026-11-01T00:00:00Z'),
};

describe('SecondFactorService', () => {
  let mfa: StrictMock<MfaRepository>;
  let totp: StrictMock<Totp>;
  let service: SecondFactorService;

  beforeEach(() => {
    mfa = strictMock<MfaRepository>('MfaRepository');
    totp = strictMock<Totp>('Totp');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new SecondFactorService(mfa, totp, box, codeHasher, clock);
  });

  it('tells whether MFA is on', async () => {
    mfa.isEnabled.mockResolvedValue(true);
    expect(await service.isEnabled(USER)).toBe(true);
    expect(mfa.isEnabled).toHaveBeenCalledWith(USER);
  });

  it('accepts a TOTP code newer than the last used step and records its step', async () => {
    mfa.find.mockResolvedValue(enabled);
    totp.match.mockResolvedValue(101);
    mfa.useStep.mockResolvedValue(true);

    expect(await service.verify(USER, ' 123456 ')).toBe(true);
    expect(totp.match).toHaveBeenCalledWith(SECRET, '123456', NOW, 100);
    expect(mfa.useStep).toHaveBeenCalledWith(USER, 101);
  });

  it('refuses a TOTP code that does not match (or was used: match answers nothing) without recording', async () => {
    mfa.find.mockResolvedValue(enabled);
    totp.match.mockResolvedValue(undefined);
    expect(await service.verify(USER, '123456')).toBe(false);
  });

  it('refuses a code whose step a racing request recorded first', async () => {
    mfa.find.mockResolvedValue(enabled);
    totp.match.mockResolvedValue(101);
    mfa.useStep.mockResolvedValue(false);
    expect(await service.verify(USER, '123456')).toBe(false);
  });

  it('consumes an unused recovery code however it is typed, looked up by its keyed hash', async () => {
    mfa.find.mockResolvedValue(enabled);
    mfa.consumeRecoveryCode.mockResolvedValue(true);

    expect(await service.verify(USER, 'ABCD-EFGH-JKMN-PQRS')).toBe(true);
    expect(mfa.consumeRecoveryCode).toHaveBeenCalledWith(USER, codeHasher.hash('abcdefghjkmnpqrs'), NOW);
  });

  it('refuses a recovery code already used (the repository finds no unused one)', async () => {
    mfa.find.mockResolvedValue(enabled);
    mfa.consumeRecoveryCode.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await service.verify(USER, 'abcd-efgh-jkmn-pqrs')).toBe(true);
    expect(await service.verify(USER, 'abcd-efgh-jkmn-pqrs')).toBe(false);
    expect(mfa.consumeRecoveryCode).toHaveBeenCalledTimes(2);
  });

  it('still accepts a ten-symbol code of the earlier scheme by its plain SHA-256 (until used or replaced)', async () => {
    mfa.find.mockResolvedValue(enabled);
    mfa.consumeRecoveryCode.mockResolvedValue(true);

    expect(await service.verify(USER, 'ABCDE-FGHJK')).toBe(true);
    const legacy = createHash('sha256').update('abcdefghjk').digest();
    expect(mfa.consumeRecoveryCode).toHaveBeenCalledWith(USER, legacy, NOW);
  });

  it('refuses every code while MFA is only pending or off, touching nothing', async () => {
    mfa.find.mockResolvedValue({ ...enabled, enabledAt: null });
    expect(await service.verify(USER, '123456')).toBe(false);
    mfa.find.mockResolvedValue(undefined);
    expect(await service.verify(USER, 'abcde-fghjk')).toBe(false);
  });

  it('refuses malformed codes without a lookup of recovery codes', async () => {
    mfa.find.mockResolvedValue(enabled);
    for (const code of [
      '',
      '12345',
      'abc',
      'abcde-fghjk-x',
      'abcd-efgh-jkmn-pqr',
      'abcd-efgh-jkmn-pqrs-t',
      '<script>',
    ]) {
      expect(await service.verify(USER, code)).toBe(false);
    }
  });
});
