// Security headers for every HTML page and asset of the platform. The gateway reuses this module,
// so the policy lives in one place.

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Editor.js and its tools inject <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  'frame-src https://www.youtube-nocookie.com',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security; only behind HTTPS (env HSTS=true). */
  hsts?: boolean;
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (options.hsts) headers['Strict-Transport-Security'] = HSTS_VALUE;
  return headers;
}
