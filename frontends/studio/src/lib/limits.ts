import {
  PLAN_DESCRIPTION_MAX,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_MEMBERS_MAX,
  PUBLICATION_NAME_MAX,
  PUBLICATION_SLUG_MAX,
  PUBLICATION_SLUG_MIN,
  RENAME_INTERVAL_DAYS,
} from '@pencraft/rules';

/** The rules' limits, interpolated into the messages so they name the numbers the server applies. */
export const LIMITS = {
  nameMax: PUBLICATION_NAME_MAX,
  descriptionMax: PUBLICATION_DESCRIPTION_MAX,
  slugMin: PUBLICATION_SLUG_MIN,
  slugMax: PUBLICATION_SLUG_MAX,
  planDescriptionMax: PLAN_DESCRIPTION_MAX,
  membersMax: PUBLICATION_MEMBERS_MAX,
  renameDays: RENAME_INTERVAL_DAYS,
  priceMinQepik: PLAN_PRICE_MIN,
  priceMaxQepik: PLAN_PRICE_MAX,
} as const;
