// The site's documents and guides: one list for the routes, the index page and the cross-links.
export const DOCUMENTS = ['agreement', 'privacy', 'payment', 'gdpr'] as const;
export type DocumentKind = (typeof DOCUMENTS)[number];

export const GUIDES = ['rules', 'rating', 'editor', 'bans'] as const;
export type GuideTopic = (typeof GUIDES)[number];

/** The last segment of a path (`/docs/privacy` → `privacy`), for pages mounted once per document or guide. */
export function lastSegment(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}
