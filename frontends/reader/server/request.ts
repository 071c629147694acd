// What the renderer reads from a request besides its path (the client's address chain), and its languages.
import type { IncomingMessage } from 'node:http';

export { LANGS as LANGUAGES, type Lang as Language } from '@pencraft/rules';

/**
 * The reader's address chain for the gateway: what the Ingress (or the dev edge) says, else the socket's peer. The
 * gateway counts its per-address limits by the client behind the renderer (it trusts one hop behind the Ingress).
 */
export function forwardedFor(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(', ') : (header ?? '')).trim();
  return chain || req.socket.remoteAddress || '';
}

/**
 * The host the browser asked for: X-Forwarded-Host as the Ingress controller or the gateway's dev edge set it
 * (both replace what a client sent), else Host (a direct request).
 */
export function requestHost(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-host'];
  const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return value || req.headers.host || '';
}
