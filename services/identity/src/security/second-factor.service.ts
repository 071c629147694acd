import { Injectable } from '@nestjs/common';
import { Clock, SecretBox } from '@pencraft/kit';
import { MfaRepository } from './mfa.repository.js';
import { RecoveryCodeHasher } from './recovery-codes.js';
import { looksLikeTotp, Totp } from './totp.js';

/** The second factor at sign-in and before MFA changes: a TOTP code or an unused recovery code. */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly mfa: MfaRepository,
    private readonly totp: Totp,
    private readonly box: SecretBox,
    private readonly recoveryCodes: RecoveryCodeHasher,
    private readonly clock: Clock,
  ) {}

  async isEnabled(userId: string): Promise<boolean> {
    return this.mfa.isEnabled(userId);
  }

  /**
   * A TOTP code of the current step or one step off, not used before (its step is then recorded), or an unused
   * recovery code (then consumed). False when MFA is off.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const typed = (code ?? '').trim();
    const mfa = await this.mfa.find(userId);
    if (!mfa?.enabledAt) return false;
    if (looksLikeTotp(typed)) {
      const step = await this.totp.match(this.box.open(mfa.secret), typed, this.clock.now(), mfa.lastStep);
      return step !== undefined && (await this.mfa.useStep(userId, step));
    }
    const codeHash = this.recoveryCodes.lookupHash(typed);
    return codeHash !== undefined && (await this.mfa.consumeRecoveryCode(userId, codeHash, this.clock.now()));
  }
}
