// What the renderer reads from a request besides its path: the UI language and the client's address chain.
import type { IncomingMessage } from 'node:http';

export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The UI language of a first request: Accept-Language's first of az, en, ru, else Azerbaijani. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.split('-')[0]!, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && (LANGUAGES as readonly string[]).includes(entry.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.tag as Language | undefined) ?? 'az';
}

/**
 * The reader's address chain for the gateway: what the Ingress (or the dev edge) says, else the socket's peer. The
 * gateway counts its per-address limits by the client behind the renderer (it trusts one hop behind the Ingress).
 */
export function forwardedFor(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(', ') : (header ?? '')).trim();
  return chain || req.socket.remoteAddress || '';
}
