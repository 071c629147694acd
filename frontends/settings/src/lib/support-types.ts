// The support routes' shapes under the screens' names: the generated API client's (the gateway's OpenAPI document,
// tag `donations`), never written by hand.
import type { Schemas } from '@pencraft/ui';

export type SupportAccount = Schemas['DonationAccount'];
export type SupportCard = Schemas['DonationCard'];
export type SupportPayout = Schemas['DonationPayout'];
export type PayoutState = SupportPayout['state'];
export type Eligibility = Schemas['DonationEligibility'];
export type EligibilityCondition = Eligibility['missing'][number];
export type ReceivedSupport = Schemas['DonationReceivedSupport'];
export type SentSupport = Schemas['DonationSentSupport'];
export type Person = Schemas['DonationPerson'];
export type ActivityEntry = Schemas['DonationActivityEntry'];
