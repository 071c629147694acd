import { Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';

/** Seconds per TOTP step (RFC 6238 default, what authenticator apps use). */
export const TOTP_PERIOD = 30;
const TOTP_SHAPE = /^\d{6}$/;

export function looksLikeTotp(code: string) {
  return TOTP_SHAPE.test(code);
}

/** TOTP through otplib, as a port: services ask it, unit tests can drive it with a fixed clock. */
@Injectable()
export class Totp {
  /** 160 random bits in Base32 (RFC 4226's recommended length). */
  newSecret(): string {
    return generateSecret({ length: 20 });
  }

  uri(secret: string, label: string): string {
    return generateURI({ issuer: 'Pencraft', label, secret });
  }

  /**
   * The time step a code belongs to when it is valid now or one step before or after (clock drift) and newer than
   * `afterStep` (so an accepted code cannot be replayed within its window); undefined otherwise.
   */
  async match(secret: string, code: string, now: Date, afterStep: number): Promise<number | undefined> {
    if (!looksLikeTotp(code)) return undefined;
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD,
      afterTimeStep: afterStep,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }
}
