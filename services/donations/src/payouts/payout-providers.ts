import { ManualPayoutProvider } from './payout-provider.manual.js';
import type { PayoutProvider, PayoutProviderName } from './payout-provider.js';

/** The payout provider config PAYOUT_PROVIDER names (manual until an acquirer is connected). */
export function payoutProviderFor(name: PayoutProviderName): PayoutProvider {
  switch (name) {
    case 'manual':
      return new ManualPayoutProvider();
  }
}
