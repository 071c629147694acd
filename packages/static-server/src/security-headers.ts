// Security headers for every HTML page and asset of the platform. The gateway reuses this module,
// so the policy lives in one place.

const policy = (connectSrc: readonly string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // Editor.js and its tools inject <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    'frame-src https://www.youtube-nocookie.com',
    ["connect-src 'self'", ...connectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const CONTENT_SECURITY_POLICY = policy([]);

/**
 * The origins of CSP_CONNECT_SRC (space or comma separated), checked: each must be a bare http(s) origin (the staff
 * console's Keycloak, whose token endpoint keycloak-js calls from the page). Anything else throws.
 */
export function parseConnectSrc(value: string | undefined): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin) {
      throw new Error(`CSP_CONNECT_SRC: "${origin}" is not an http(s) origin (scheme://host[:port], no path)`);
    }
  }
  return origins;
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security; only behind HTTPS (env HSTS=true). */
  hsts?: boolean;
  /** More origins the page may fetch from (connect-src), e.g. the staff console's Keycloak. */
  connectSrc?: readonly string[];
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': options.connectSrc?.length ? policy(options.connectSrc) : CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (options.hsts) headers['Strict-Transport-Security'] = HSTS_VALUE;
  return headers;
}
