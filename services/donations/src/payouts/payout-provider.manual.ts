import { Injectable } from '@nestjs/common';
import { PAYOUT_TRANSITIONS, type PayoutState } from '@pencraft/rules';
import type { PayoutProvider } from './payout-provider.js';

/**
 * No payout provider connected: finance staff (Keycloak role finance, or admin) pays each payout by hand and records
 * it in the staff console: processing, paid with the transfer's reference, or failed with the reason. Sending does
 * nothing but leave the payout in the staff queue; every move the rules allow is staff's to make.
 */
@Injectable()
export class ManualPayoutProvider implements PayoutProvider {
  readonly name = 'manual' as const;

  /** Leaves the payout where the request put it: requested, in the staff queue. */
  send(): Promise<void> {
    return Promise.resolve();
  }

  allowsStaffMove(from: PayoutState, to: PayoutState): boolean {
    return PAYOUT_TRANSITIONS[from].includes(to);
  }
}
