import { Injectable } from '@nestjs/common';

/**
 * The second factor at sign-in (TOTP or a recovery code). Skeleton with the agreed signatures so AUTH can wire
 * sign-in; the logic follows in the next commits of the security area.
 */
@Injectable()
export class SecondFactorService {
  async isEnabled(userId: string): Promise<boolean> {
    void userId;
    return false;
  }

  async verify(userId: string, code: string): Promise<boolean> {
    void userId;
    void code;
    return false;
  }
}
