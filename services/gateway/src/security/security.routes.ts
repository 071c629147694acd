import { defineRoute } from '../http/route.js';
import {
  BanList,
  CancelLinkQuery,
  DeletionAnswer,
  DeletionBody,
  MfaChallengeBody,
  MfaConfirmBody,
  MfaEnrolment,
  PasswordBody,
  RecoveryCodes,
  SecuritySummary,
  SessionList,
  SessionParams,
} from './security.dto.js';

const tag = 'security';

export const securitySummaryRoute = defineRoute({
  operationId: 'getSecuritySummary',
  method: 'GET',
  path: '/api/ttin/sec',
  tag,
  summary: 'The security summary: MFA on or off, recovery codes left, last password change, scheduled deletion',
  response: SecuritySummary,
  auth: 'required',
});

export const startMfaRoute = defineRoute({
  operationId: 'startMfa',
  method: 'POST',
  path: '/api/ttin/sec/mfa',
  tag,
  summary:
    'Start setting up two-factor authentication (password required): a new secret, its otpauth URI and QR code. ' +
    'It stays off until confirmed with a code; starting again replaces the pending secret.',
  body: PasswordBody,
  response: MfaEnrolment,
  auth: 'required',
  // The password is checked here: the stricter budget of sign-in keeps it from being guessed through a session.
  rateLimit: 'auth',
  fieldCodes: { password: 'IncorrectOldPassword' },
  errors: ['IncorrectOldPassword', 'MfaAlreadyEnabled'],
});

export const confirmMfaRoute = defineRoute({
  operationId: 'confirmMfa',
  method: 'POST',
  path: '/api/ttin/sec/mfa/confirm',
  tag,
  summary: 'Turn two-factor authentication on with a code of the new secret; answers ten recovery codes, shown once',
  body: MfaConfirmBody,
  response: RecoveryCodes,
  auth: 'required',
  fieldCodes: { code: 'WrongCode' },
  errors: ['WrongCode', 'ExpiredOrInvalid', 'MfaAlreadyEnabled'],
});

export const disableMfaRoute = defineRoute({
  operationId: 'disableMfa',
  method: 'POST',
  path: '/api/ttin/sec/mfa/disable',
  tag,
  summary: 'Turn two-factor authentication off with the password and a code (authenticator or recovery code)',
  body: MfaChallengeBody,
  status: 204,
  auth: 'required',
  // The password is checked here: the stricter budget of sign-in keeps it from being guessed through a session.
  rateLimit: 'auth',
  fieldCodes: { password: 'IncorrectOldPassword', code: 'WrongCode' },
  errors: ['IncorrectOldPassword', 'WrongCode', 'MfaNotEnabled'],
});

export const recoveryCodesRoute = defineRoute({
  operationId: 'regenerateRecoveryCodes',
  method: 'POST',
  path: '/api/ttin/sec/mfa/recovery',
  tag,
  summary: 'Replace the recovery codes (password and a code required); the old ones stop working',
  body: MfaChallengeBody,
  response: RecoveryCodes,
  auth: 'required',
  // The password is checked here: the stricter budget of sign-in keeps it from being guessed through a session.
  rateLimit: 'auth',
  fieldCodes: { password: 'IncorrectOldPassword', code: 'WrongCode' },
  errors: ['IncorrectOldPassword', 'WrongCode', 'MfaNotEnabled'],
});

export const sessionsRoute = defineRoute({
  operationId: 'listSessions',
  method: 'GET',
  path: '/api/ttin/logs/sns',
  tag,
  summary:
    "The signed-in user's live sessions, most recently active first: browser, OS, IP address, country " +
    '(IP Geolocation by DB-IP, https://db-ip.com), created and last active (to the minute), the current one marked',
  response: SessionList,
  auth: 'required',
});

export const endOtherSessionsRoute = defineRoute({
  operationId: 'endOtherSessions',
  method: 'DELETE',
  path: '/api/ttin/sessions/all',
  tag,
  summary: 'End every session of the user but the current one',
  status: 204,
  auth: 'required',
});

export const endSessionRoute = defineRoute({
  operationId: 'endSession',
  method: 'DELETE',
  path: '/api/ttin/sessions/:id',
  tag,
  summary: "End one of the user's own sessions (NotFound for any other id); it stops working at once",
  params: SessionParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const bansRoute = defineRoute({
  operationId: 'listBans',
  method: 'GET',
  path: '/api/ttin/logs/bns',
  tag,
  summary: "The signed-in user's bans, newest first: reason, start, end (null: permanent), lifted",
  response: BanList,
  auth: 'required',
  whileBanned: true,
});

export const requestDeletionRoute = defineRoute({
  operationId: 'requestAccountDeletion',
  method: 'POST',
  path: '/api/id/account/danger',
  tag,
  summary:
    'Delete the account. Step one, the password alone: a 6-digit code is mailed. Step two, the password and the ' +
    'code: the account is deleted for good in 30 days, other sessions end, and a notice with a cancel link is mailed.',
  body: DeletionBody,
  response: DeletionAnswer,
  auth: 'required',
  whileBanned: true,
  rateLimit: 'auth',
  fieldCodes: { password: 'IncorrectOldPassword', code: 'WrongCode' },
  errors: ['IncorrectOldPassword', 'AlreadyRequestedDeletion', 'WrongCode', 'ExpiredOrInvalid', 'Flood'],
});

export const cancelDeletionRoute = defineRoute({
  operationId: 'cancelAccountDeletion',
  method: 'POST',
  path: '/api/id/account/danger/undo',
  tag,
  summary: "Cancel the signed-in user's scheduled account deletion (nothing scheduled is not an error)",
  status: 204,
  auth: 'required',
  whileBanned: true,
});

export const cancelDeletionLinkRoute = defineRoute({
  operationId: 'cancelAccountDeletionByLink',
  method: 'GET',
  path: '/api/atrium/crawl',
  tag,
  summary:
    'The cancel link of the deletion notice: cancels the scheduled deletion and redirects to ' +
    '/deletion-cancelled?status=cancelled (or status=invalid for a used, unknown or missing link)',
  query: CancelLinkQuery,
  status: 302,
});
