// The codecs of the donations service's contract (supports, eligibility, the ledger's kinds). A module of their own, so
// that a service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { ELIGIBILITY_CONDITIONS, LEDGER_TRANSACTION_KINDS, SUPPORT_STATES, USER_ACCOUNT_KINDS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import {
  BalanceAccountKind,
  EligibilityCondition,
  LedgerTransactionKind,
  SupportState,
} from '../gen/donations/v1/donations.js';

export const supportStates = protoEnum<SupportState, (typeof SUPPORT_STATES)[number]>(
  'SupportState',
  SupportState,
  SUPPORT_STATES,
);
export const eligibilityConditions = protoEnum<EligibilityCondition, (typeof ELIGIBILITY_CONDITIONS)[number]>(
  'EligibilityCondition',
  EligibilityCondition,
  ELIGIBILITY_CONDITIONS,
);
export const ledgerTransactionKinds = protoEnum<LedgerTransactionKind, (typeof LEDGER_TRANSACTION_KINDS)[number]>(
  'LedgerTransactionKind',
  LedgerTransactionKind,
  LEDGER_TRANSACTION_KINDS,
);
export const balanceAccountKinds = protoEnum<BalanceAccountKind, (typeof USER_ACCOUNT_KINDS)[number]>(
  'BalanceAccountKind',
  BalanceAccountKind,
  USER_ACCOUNT_KINDS,
);
