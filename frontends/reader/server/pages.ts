// The paths the reader renders on the server: its public pages and the feeds. system.json lists the same patterns
// (`frontends.reader.pages`) for the dev edge proxy and the chart's Ingress; a unit test keeps them equal.

/** Public pages rendered to HTML, in react-router syntax (`/@:username`: a segment with a fixed prefix). */
export const PAGE_PATTERNS = ['/', '/a/:id', '/c/:category', '/@:username'] as const;
/** Feeds. */
export const FEED_PATTERNS = ['/sitemap.xml', '/feed.xml', '/c/:category/feed.xml', '/@:username/feed.xml'] as const;

export type PagePattern = (typeof PAGE_PATTERNS)[number];
export type FeedPattern = (typeof FEED_PATTERNS)[number];

export interface Match<P extends string> {
  pattern: P;
  /** Decoded parameters, without their segment's prefix (`/@aysel` → `{ username: 'aysel' }`). */
  params: Record<string, string>;
}

/** Matches a raw (percent-encoded) path against one pattern, segment by segment. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').slice(1);
  const have = path.split('/').slice(1);
  if (pattern === '/') return path === '/' ? {} : null;
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const value = have[i]!;
    const colon = segment.indexOf(':');
    if (colon < 0) {
      if (segment !== value) return null;
      continue;
    }
    const prefix = segment.slice(0, colon);
    if (!value.startsWith(prefix) || value.length <= prefix.length) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value.slice(prefix.length));
    } catch {
      return null;
    }
    if (decoded === '' || decoded.includes('/') || decoded.includes('\0')) return null;
    params[segment.slice(colon + 1)] = decoded;
  }
  return params;
}

export function matchFirst<P extends string>(patterns: readonly P[], path: string): Match<P> | null {
  for (const pattern of patterns) {
    const params = matchPattern(pattern, path);
    if (params) return { pattern, params };
  }
  return null;
}
