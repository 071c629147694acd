import { Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { Clock, SecretBox, TransactionManager } from '@pencraft/kit';
import { PasswordHasher } from '../auth/password-hasher.js';
import { DeletionRepository } from './deletion.repository.js';
import { MfaRepository } from './mfa.repository.js';
import { newRecoveryCodes, RecoveryCodeHasher } from './recovery-codes.js';
import { SecondFactorService } from './second-factor.service.js';
import { SecurityAccountRepository, type SecurityAccount } from './security-account.repository.js';
import { Totp } from './totp.js';

export interface SecuritySummary {
  mfaEnabled: boolean;
  recoveryCodesLeft: number;
  passwordChangedAtMs: number;
  deletionScheduledAtMs: number;
}

/** Multi-factor authentication settings: enrol (pending until a first code confirms it), disable, new codes. */
@Injectable()
export class MfaService {
  constructor(
    private readonly accounts: SecurityAccountRepository,
    private readonly mfa: MfaRepository,
    private readonly deletions: DeletionRepository,
    private readonly secondFactor: SecondFactorService,
    private readonly totp: Totp,
    private readonly box: SecretBox,
    private readonly recoveryCodes: RecoveryCodeHasher,
    private readonly hasher: PasswordHasher,
    private readonly transactions: TransactionManager,
    private readonly clock: Clock,
  ) {}

  async summary(userId: string): Promise<SecuritySummary> {
    const [mfa, left, passwordChangedAt, deletion] = await Promise.all([
      this.mfa.isEnabled(userId),
      this.mfa.recoveryCodesLeft(userId),
      this.accounts.passwordChangedAt(userId),
      this.deletions.find(userId),
    ]);
    return {
      mfaEnabled: mfa,
      recoveryCodesLeft: mfa ? left : 0,
      passwordChangedAtMs: passwordChangedAt?.getTime() ?? 0,
      deletionScheduledAtMs: deletion?.scheduledFor.getTime() ?? 0,
    };
  }

  /** A new secret, pending until confirmed; MfaAlreadyEnabled while MFA is on (disable it first). */
  async start(userId: string, password: string) {
    const account = await this.withPassword(userId, password);
    if (await this.mfa.isEnabled(userId)) throw new AppError('MfaAlreadyEnabled');
    const secret = this.totp.newSecret();
    await this.mfa.savePending(userId, this.box.seal(secret), this.clock.now());
    const otpauthUri = this.totp.uri(secret, account.username);
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(
      // qrcode is loaded with the first enrolment, not by every identity process (issue #19, memory).
      await (
        await import('qrcode')
      ).default.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    ).toString('base64')}`;
    return { secret, otpauthUri, qrCode };
  }

  /** Turns MFA on with a code of the pending secret; the ten recovery codes are answered this once. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const pending = await this.mfa.find(userId);
    if (!pending) throw new AppError('ExpiredOrInvalid');
    if (pending.enabledAt) throw new AppError('MfaAlreadyEnabled');
    const now = this.clock.now();
    const step = await this.totp.match(this.box.open(pending.secret), (code ?? '').trim(), now, 0);
    if (step === undefined) throw new AppError('WrongCode');
    const codes = newRecoveryCodes();
    await this.transactions.run(async (tx) => {
      if (!(await this.mfa.enable(tx, userId, step, now))) throw new AppError('MfaAlreadyEnabled');
      await this.mfa.replaceRecoveryCodes(tx, userId, this.hashAll(codes), now);
    });
    return codes;
  }

  async disable(userId: string, password: string, code: string) {
    await this.challenge(userId, password, code);
    await this.transactions.run((tx) => this.mfa.remove(tx, userId));
  }

  async regenerateRecoveryCodes(userId: string, password: string, code: string): Promise<string[]> {
    await this.challenge(userId, password, code);
    const codes = newRecoveryCodes();
    await this.transactions.run((tx) =>
      this.mfa.replaceRecoveryCodes(tx, userId, this.hashAll(codes), this.clock.now()),
    );
    return codes;
  }

  private hashAll(codes: readonly string[]): Buffer[] {
    return codes.map((code) => this.recoveryCodes.hash(code));
  }

  /** Password first (IncorrectOldPassword), then MFA must be on (MfaNotEnabled), then the code (WrongCode). */
  private async challenge(userId: string, password: string, code: string) {
    await this.withPassword(userId, password);
    if (!(await this.mfa.isEnabled(userId))) throw new AppError('MfaNotEnabled');
    if (!(await this.secondFactor.verify(userId, code))) throw new AppError('WrongCode');
  }

  private async withPassword(userId: string, password: string): Promise<SecurityAccount> {
    const account = await this.accounts.find(userId);
    if (!account) throw new AppError('Unauthorized');
    if (!(await this.hasher.verify(account.passwordHash, password ?? ''))) throw new AppError('IncorrectOldPassword');
    return account;
  }
}
