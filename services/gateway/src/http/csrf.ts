import { AppError } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayConfig } from '../config.js';
import { CSRF_COOKIE } from './cookies.js';
import type { PublicationHosts } from './publication-hosts.js';

export const CSRF_HEADER = 'x-csrf-token';

/** A random value and its HMAC: a token planted by anyone without the secret (e.g. from a subdomain) fails. */
export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, nonce: string) {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

/**
 * Signed double-submit cookie: the request echoes pc_csrf in X-CSRF-Token, and a browser's Origin (when sent) is the
 * main site or an existing publication's subdomain (PublicationHosts.originAllowed).
 */
export async function checkUnsafeRequest(
  request: FastifyRequest,
  config: GatewayConfig,
  hosts: Pick<PublicationHosts, 'originAllowed'>,
) {
  const origin = request.headers.origin;
  if (origin && !(await hosts.originAllowed(origin))) throw new AppError('ChallengeFailed');
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  if (typeof header !== 'string' || header !== cookie || !isValidCsrfToken(config.CSRF_SECRET, cookie)) {
    throw new AppError('ChallengeFailed');
  }
}
