import { defineRoute } from '../http/route.js';
import {
  AccountLogPage,
  BAN_REASON_LIST,
  ChangeEmailBody,
  ChangePasswordBody,
  CodeBody,
  EmailBody,
  LinkQuery,
  LogQuery,
  ResetVerifyBody,
} from './account.dto.js';
import { UserInfo } from './accounts.dto.js';

const COOLDOWN =
  'A new code at most once a minute (Flood with Retry-After and params.retryAfter) and 10 an hour; codes and links ' +
  'live 24 hours, and a code dies after 5 wrong tries (ExpiredOrInvalid).';

export const verifyRegistrationRoute = defineRoute({
  operationId: 'verifyRegistration',
  method: 'POST',
  path: '/api/id/register/verify',
  tag: 'accounts',
  summary: `Confirm the signed-in account with the code mailed at registration. ${COOLDOWN}`,
  body: CodeBody,
  response: UserInfo,
  auth: 'required',
  fieldCodes: { code: 'WrongCode' },
  errors: ['WrongCode', 'ExpiredOrInvalid', 'Flood'],
});

export const resendRegistrationRoute = defineRoute({
  operationId: 'resendRegistrationCode',
  method: 'POST',
  path: '/api/id/register/resend',
  tag: 'accounts',
  summary: `Mail the signed-in, unconfirmed account a new confirmation code and link. ${COOLDOWN}`,
  status: 204,
  auth: 'required',
  rateLimit: 'auth',
  captcha: 'always',
  errors: ['Flood', 'OperationFailed'],
});

export const confirmRegistrationLinkRoute = defineRoute({
  operationId: 'confirmRegistrationLink',
  method: 'GET',
  path: '/api/atrium/wrap',
  tag: 'accounts',
  summary: 'The link of the registration mail: confirms the account and redirects to /confirm?result=ok|expired',
  query: LinkQuery,
  status: 302,
});

export const requestPasswordResetRoute = defineRoute({
  operationId: 'requestPasswordReset',
  method: 'POST',
  path: '/api/id/account/password/reset',
  tag: 'accounts',
  summary:
    'Mail a password-reset code and link to the address if it belongs to an account; the answer is the same ' +
    `either way. One request per address a minute (Flood), whether or not it has an account. ${COOLDOWN}`,
  body: EmailBody,
  status: 204,
  rateLimit: 'auth',
  captcha: 'always',
  fieldCodes: { email: 'InvalidEmail' },
  errors: ['InvalidEmail', 'Flood'],
});

export const resendPasswordResetRoute = defineRoute({
  operationId: 'resendPasswordReset',
  method: 'POST',
  path: '/api/id/account/reset/resend',
  tag: 'accounts',
  summary: 'Mail a new password-reset code and link (as the request: the same answer for any address)',
  body: EmailBody,
  status: 204,
  rateLimit: 'auth',
  captcha: 'always',
  fieldCodes: { email: 'InvalidEmail' },
  errors: ['InvalidEmail', 'Flood'],
});

export const openPasswordResetLinkRoute = defineRoute({
  operationId: 'openPasswordResetLink',
  method: 'GET',
  path: '/api/atrium/drop',
  tag: 'accounts',
  summary: 'The link of the reset mail: redirects to /reset?t=<token> while it works, else /reset?result=expired',
  query: LinkQuery,
  status: 302,
});

export const verifyPasswordResetRoute = defineRoute({
  operationId: 'verifyPasswordReset',
  method: 'POST',
  path: '/api/id/account/reset/verify',
  tag: 'accounts',
  summary:
    'Set a new password with the address and mailed code, or the link token; ends every session of the account ' +
    '(sign in again)',
  body: ResetVerifyBody,
  status: 204,
  rateLimit: 'auth',
  fieldCodes: { newPassword: 'InvalidPassword', code: 'WrongCode', email: 'InvalidEmail', token: 'ExpiredOrInvalid' },
  errors: ['InvalidPassword', 'WrongCode', 'ExpiredOrInvalid', 'Flood'],
});

export const changePasswordRoute = defineRoute({
  operationId: 'changePassword',
  method: 'POST',
  path: '/api/id/account/password',
  tag: 'accounts',
  summary: 'Change the password: ends the other sessions of the account and mails a notice',
  body: ChangePasswordBody,
  status: 204,
  auth: 'required',
  rateLimit: 'auth',
  fieldCodes: { oldPassword: 'IncorrectOldPassword', newPassword: 'InvalidPassword' },
  errors: ['IncorrectOldPassword', 'NewOldPasswordMatch', 'InvalidPassword'],
});

export const changeEmailRoute = defineRoute({
  operationId: 'changeEmail',
  method: 'POST',
  path: '/api/id/account/email',
  tag: 'accounts',
  summary:
    'Mail a code and link to a new address (the change happens once it is confirmed); one such mail a minute per ' +
    `address, whichever account names it. ${COOLDOWN}`,
  body: ChangeEmailBody,
  status: 204,
  auth: 'required',
  rateLimit: 'auth',
  fieldCodes: { email: 'InvalidEmail', password: 'IncorrectOldPassword' },
  errors: ['InvalidEmail', 'NewOldEmailMatch', 'EmailAlreadyExists', 'IncorrectOldPassword', 'Flood'],
});

export const resendEmailChangeRoute = defineRoute({
  operationId: 'resendEmailChange',
  method: 'POST',
  path: '/api/id/account/email/resend',
  tag: 'accounts',
  summary: `Mail the pending new address a new code and link (ExpiredOrInvalid when none is pending). ${COOLDOWN}`,
  status: 204,
  auth: 'required',
  rateLimit: 'auth',
  errors: ['ExpiredOrInvalid', 'Flood'],
});

export const verifyEmailChangeRoute = defineRoute({
  operationId: 'verifyEmailChange',
  method: 'POST',
  path: '/api/id/account/email/verify',
  tag: 'accounts',
  summary: 'Move the account to the pending address with the mailed code; the old address gets a notice',
  body: CodeBody,
  status: 204,
  auth: 'required',
  fieldCodes: { code: 'WrongCode' },
  errors: ['WrongCode', 'ExpiredOrInvalid', 'Flood', 'EmailAlreadyExists'],
});

export const confirmEmailChangeLinkRoute = defineRoute({
  operationId: 'confirmEmailChangeLink',
  method: 'GET',
  path: '/api/atrium/deduce',
  tag: 'accounts',
  summary: 'The link of the new-address mail: moves the account and redirects to /confirm-email?result=ok|expired',
  query: LinkQuery,
  status: 302,
});

export const accountLogRoute = defineRoute({
  operationId: 'listAccountLog',
  method: 'GET',
  path: '/api/ttin/logs/ops',
  tag: 'accounts',
  summary: "The signed-in user's account operation log, newest first",
  query: LogQuery,
  response: AccountLogPage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
  errors: ['InvalidPage'],
});

/** Documented on sign-in: what UserBanned carries. */
export const BANNED_NOTE =
  `An active ban answers UserBanned (403) with params.reason (one of ${BAN_REASON_LIST}) and params.until ` +
  '(ISO 8601; absent when permanent).';
