import type { FastifyReply } from 'fastify';
import type { GatewayConfig } from '../config.js';

export const SESSION_COOKIE = 'pc_su';
export const CSRF_COOKIE = 'pc_csrf';

function baseOptions(config: GatewayConfig) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.COOKIE_SECURE,
    ...(config.COOKIE_DOMAIN ? { domain: config.COOKIE_DOMAIN } : {}),
  };
}

/** pc_su: HttpOnly, SameSite=Lax, Secure outside local development, for the session's lifetime (30 days). */
export function setSessionCookie(reply: FastifyReply, config: GatewayConfig, token: string, expiresAtMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...baseOptions(config),
    httpOnly: true,
    maxAge: Math.max(0, Math.floor((expiresAtMs - Date.now()) / 1000)),
  });
}

/** A cookie a route sets (maxAge in seconds) or expires; path, SameSite, Secure and domain are the gateway's. */
export type CookieChange =
  | { name: string; value: string; maxAge: number; httpOnly: boolean }
  | { name: string; expire: true; httpOnly: boolean };

export function setCookie(reply: FastifyReply, config: GatewayConfig, change: CookieChange) {
  if ('expire' in change) reply.clearCookie(change.name, { ...baseOptions(config), httpOnly: change.httpOnly });
  else
    reply.setCookie(change.name, change.value, {
      ...baseOptions(config),
      httpOnly: change.httpOnly,
      maxAge: change.maxAge,
    });
}

export function clearSessionCookie(reply: FastifyReply, config: GatewayConfig) {
  reply.clearCookie(SESSION_COOKIE, { ...baseOptions(config), httpOnly: true });
}

/** pc_csrf is read by the page's script and echoed in X-CSRF-Token, so it is not HttpOnly. */
export function csrfCookie(token: string): CookieChange {
  return { name: CSRF_COOKIE, value: token, httpOnly: false, maxAge: 60 * 60 * 24 * 30 };
}

export function setCsrfCookie(reply: FastifyReply, config: GatewayConfig, token: string) {
  setCookie(reply, config, csrfCookie(token));
}
