import { CSRF_COOKIE } from '../http/cookies.js';
import { defineRoute } from '../http/route.js';
import { LoginAnswer } from './account.dto.js';
import { BANNED_NOTE } from './account.routes.js';
import { CsrfToken, LoginBody, RegisterBody, UserInfo } from './accounts.dto.js';

export const csrfRoute = defineRoute({
  operationId: 'getCsrfToken',
  method: 'GET',
  path: '/api/csrf',
  tag: 'accounts',
  summary: 'The CSRF token to echo in X-CSRF-Token (also set as the pc_csrf cookie)',
  response: CsrfToken,
  cookies: [CSRF_COOKIE],
});

export const registerRoute = defineRoute({
  operationId: 'register',
  method: 'POST',
  path: '/api/id/register',
  tag: 'accounts',
  summary: 'Create an account and sign in (sets pc_su)',
  body: RegisterBody,
  response: UserInfo,
  status: 201,
  rateLimit: 'auth',
  captcha: 'always',
  fieldCodes: {
    email: 'InvalidEmail',
    username: 'InvalidUsername',
    fullname: 'InvalidFullname',
    password: 'InvalidPassword',
    acceptTerms: 'AgreementsNotAccepted',
    acceptPrivacy: 'AgreementsNotAccepted',
  },
  errors: ['EmailAlreadyExists', 'UsernameAlreadyExists'],
  session: 'open',
});

export const loginRoute = defineRoute({
  operationId: 'login',
  method: 'POST',
  path: '/api/id/auth/login',
  tag: 'accounts',
  summary:
    'Sign in with an email or username and a password (sets pc_su). Repeated failures for one account from one ' +
    'address are slowed down there (TooManyRequests with Retry-After, at most 15 minutes); from the third recent ' +
    'failure of an account, from any address, signing in to it needs a captcha (CaptchaRequired). A success ' +
    'forgets them, a password reset too. An account with two-factor ' +
    'authentication answers { mfa: true } (no session, no cookie) until the same request carries secondFactor; a ' +
    `wrong one answers WrongCode and counts as a failure. ${BANNED_NOTE} \`del\` is the date of a pending ` +
    'deletion (the account can still cancel it).',
  body: LoginBody,
  response: LoginAnswer,
  rateLimit: 'auth',
  captcha: 'after-failures',
  fieldCodes: { login: 'IncorrectEmailOrPassword', password: 'IncorrectEmailOrPassword', secondFactor: 'WrongCode' },
  errors: ['IncorrectEmailOrPassword', 'WrongCode', 'UserBanned'],
  session: 'open',
});

export const logoutRoute = defineRoute({
  operationId: 'logout',
  method: 'POST',
  path: '/api/id/out',
  tag: 'accounts',
  summary: 'Sign out: ends the session and clears pc_su',
  status: 204,
  session: 'close',
});

export const userInfoRoute = defineRoute({
  operationId: 'getUserInfo',
  method: 'GET',
  path: '/api/users/info',
  tag: 'accounts',
  summary:
    'The signed-in user summary read at page load (also hands out the pc_csrf cookie when missing); a banned user ' +
    'gets it too, with `ban`',
  response: UserInfo,
  auth: 'required',
  whileBanned: true,
  issuesCsrf: true,
});
