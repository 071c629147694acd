import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { PasswordHasher } from '../auth/password-hasher.js';
import { SecretBox, type Clock } from '@pencraft/kit';
import type { DeletionRepository } from './deletion.repository.js';
import type { MfaRepository, MfaRow } from './mfa.repository.js';
import { MfaService } from './mfa.service.js';
import { RecoveryCodeHasher } from './recovery-codes.js';
import type { SecondFactorService } from './second-factor.service.js';
import type { SecurityAccountRepository } from './security-account.repository.js';
import type { Totp } from './totp.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const USER = '7c0e5d8a-3b1f-4e2a-9c6d-1f2e3d4c5b6a';
const account = { id: USER, email: 'leyla@example.az', username: 'leyla_m', lang: 'az', passwordHash: '$hash' };
const box = new SecretBox('c3'.repeat(32));
const codeHasher = new RecoveryCodeHasher({ RECOVERY_CODE_HMAC_KEY: 'd4'.repeat(32) });
const pending: MfaRow = { userId: USER, secret: box.seal('SECRET'), enabledAt: null, lastStep: 0, createdAt: NOW };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('MfaService', () => {
  let accounts: StrictMock<SecurityAccountRepository>;
  let mfa: StrictMock<MfaRepository>;
  let secondFactor: StrictMock<SecondFactorService>;
  let totp: StrictMock<Totp>;
  let hasher: StrictMock<PasswordHasher>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: MfaService;

  beforeEach(() => {
    accounts = strictMock<SecurityAccountRepository>('SecurityAccountRepository');
    mfa = strictMock<MfaRepository>('MfaRepository');
    secondFactor = strictMock<SecondFactorService>('SecondFactorService');
    totp = strictMock<Totp>('Totp');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    transactions = fakeTransactions();
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new MfaService(
      accounts,
      mfa,
      strictMock<DeletionRepository>('DeletionRepository'),
      secondFactor,
      totp,
      box,
      codeHasher,
      hasher,
      transactions as never,
      clock,
    );
    accounts.find.mockResolvedValue(account);
    hasher.verify.mockResolvedValue(true);
  });

  it('starts an enrolment: a pending secret, its URI for the username and an SVG QR code', async () => {
    mfa.isEnabled.mockResolvedValue(false);
    totp.newSecret.mockReturnValue('SECRET');
    totp.uri.mockReturnValue('otpauth://totp/Pencraft:leyla_m?secret=SECRET&issuer=Pencraft');
    mfa.savePending.mockResolvedValue(undefined);

    const enrolment = await service.start(USER, 'correct-horse-1');

    // Stored sealed, answered plain (once, for the authenticator app).
    const stored = mfa.savePending.mock.calls[0]![1];
    expect(stored).not.toContain('SECRET');
    expect(box.open(stored)).toBe('SECRET');
    expect(totp.uri).toHaveBeenCalledWith('SECRET', 'leyla_m');
    expect(enrolment.secret).toBe('SECRET');
    expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
  });

  it('refuses to start with a wrong password, or while MFA is on', async () => {
    hasher.verify.mockResolvedValueOnce(false);
    expect(await failure(service.start(USER, 'wrong'))).toBe('IncorrectOldPassword');
    mfa.isEnabled.mockResolvedValue(true);
    expect(await failure(service.start(USER, 'correct-horse-1'))).toBe('MfaAlreadyEnabled');
  });

  it('confirms with a code of the pending secret: enabled and ten hashed recovery codes in one transaction', async () => {
    mfa.find.mockResolvedValue(pending);
    totp.match.mockResolvedValue(42);
    mfa.enable.mockResolvedValue(true);
    mfa.replaceRecoveryCodes.mockResolvedValue(undefined);

    const codes = await service.confirm(USER, '123456');

    expect(totp.match).toHaveBeenCalledWith('SECRET', '123456', NOW, 0);
    expect(mfa.enable).toHaveBeenCalledWith(TX, USER, 42, NOW);
    expect(codes).toHaveLength(10);
    // Stored under the keyed hash only: no code, and no unkeyed SHA-256 of one, reaches the repository.
    expect(mfa.replaceRecoveryCodes).toHaveBeenCalledWith(
      TX,
      USER,
      codes.map((c) => codeHasher.hash(c)),
      NOW,
    );
    expect(transactions.committed).toBe(1);
  });

  it('refuses to confirm without a pending secret, with a wrong code, or when already on', async () => {
    mfa.find.mockResolvedValueOnce(undefined);
    expect(await failure(service.confirm(USER, '123456'))).toBe('ExpiredOrInvalid');
    mfa.find.mockResolvedValueOnce(pending);
    totp.match.mockResolvedValueOnce(undefined);
    expect(await failure(service.confirm(USER, '123456'))).toBe('WrongCode');
    mfa.find.mockResolvedValueOnce({ ...pending, enabledAt: NOW });
    expect(await failure(service.confirm(USER, '123456'))).toBe('MfaAlreadyEnabled');
  });

  it('disables only after the password, MFA being on and a valid code, in that order', async () => {
    hasher.verify.mockResolvedValueOnce(false);
    expect(await failure(service.disable(USER, 'wrong', '123456'))).toBe('IncorrectOldPassword');
    mfa.isEnabled.mockResolvedValueOnce(false);
    expect(await failure(service.disable(USER, 'correct-horse-1', '123456'))).toBe('MfaNotEnabled');
    mfa.isEnabled.mockResolvedValue(true);
    secondFactor.verify.mockResolvedValueOnce(false);
    expect(await failure(service.disable(USER, 'correct-horse-1', '123456'))).toBe('WrongCode');

    secondFactor.verify.mockResolvedValueOnce(true);
    mfa.remove.mockResolvedValue(undefined);
    await service.disable(USER, 'correct-horse-1', '123456');
    expect(mfa.remove).toHaveBeenCalledWith(TX, USER);
  });
});
