import {
  BIO_MAX,
  BIO_MAX_LINES,
  EMAIL_MAX,
  FULLNAME_MAX,
  FULLNAME_MIN,
  HEADLINE_MAX,
  LINK_URL_MAX,
  MIN_AGE_YEARS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_CHANGE_DAYS,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@pencraft/rules';

/** The rules' limits, interpolated into the messages so they name the numbers the server applies. */
export const LIMITS = {
  emailMax: EMAIL_MAX,
  usernameMin: USERNAME_MIN,
  usernameMax: USERNAME_MAX,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  fullnameMin: FULLNAME_MIN,
  fullnameMax: FULLNAME_MAX,
  headlineMax: HEADLINE_MAX,
  bioMax: BIO_MAX,
  bioLines: BIO_MAX_LINES,
  linkMax: LINK_URL_MAX,
  minAge: MIN_AGE_YEARS,
  usernameDays: USERNAME_CHANGE_DAYS,
} as const;
