import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong and quick enough for 2 cores. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verifying against this when a login names no account keeps both answers equally slow. */
  private readonly decoy = argon2.hash('decoy-password-1', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.decoy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, OPTIONS);
  }
}
