// The site's hosts (SPEC.md sections 1 and 7): the main host, and `{slug}.{main host}` for each publication. The
// gateway (publication context, the Origin check), the reader's server rendering and the shell (consent) decide the
// same way from the same rule.
import {
  PUBLICATION_SLUG_MAX,
  PUBLICATION_SLUG_MIN,
  PUBLICATION_SLUG_PATTERN,
  RESERVED_SLUGS,
} from './publications.js';

/** The WHATWG URL parser (browsers and Node both have it; this package compiles without DOM or Node types). */
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
};

/** What a request's host names: the main site, a publication's subdomain (a slug not yet looked up), or neither. */
export type SiteHost = { kind: 'main' } | { kind: 'publication'; slug: string } | { kind: 'other' };

const SLUG = new RegExp(PUBLICATION_SLUG_PATTERN);

/** A host name without a trailing dot, lowercase; `null` when it is empty. */
function hostnameOf(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return host || null;
}

/**
 * Splits `name[:port]` (a Host header, URL.host) into its name and port; `[v6]:port` keeps its brackets. The
 * scheme's default port counts as no port.
 */
export function splitHost(value: string, scheme: 'http:' | 'https:' = 'http:'): { name: string; port: string } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return null;
  const name = hostnameOf(match[1]!);
  if (!name) return null;
  const port = match[2] ?? '';
  const defaultPort = scheme === 'https:' ? '443' : '80';
  return { name, port: port === defaultPort ? '' : port };
}

/**
 * The site a host names, against the main host (the public origin's `URL.host`, e.g. `pencraft.az` or
 * `localhost:8080`). `{label}.{main}` on the same port is a publication when the label could be a slug (a
 * lowercase letter first, letters, digits, single hyphens, 3 to 64 characters, not reserved such as `www`); whether it exists is the
 * publications service's to say. Anything else (deeper names, other ports, addresses, other domains) is `other`.
 */
export function siteHostOf(host: string, mainHost: string, scheme: 'http:' | 'https:' = 'http:'): SiteHost {
  const given = splitHost(host, scheme);
  const main = splitHost(mainHost, scheme);
  if (!given || !main || given.port !== main.port) return { kind: 'other' };
  if (given.name === main.name) return { kind: 'main' };
  if (!given.name.endsWith(`.${main.name}`)) return { kind: 'other' };
  const label = given.name.slice(0, -main.name.length - 1);
  if (
    label.includes('.') ||
    label.length < PUBLICATION_SLUG_MIN ||
    label.length > PUBLICATION_SLUG_MAX ||
    !SLUG.test(label) ||
    RESERVED_SLUGS.includes(label)
  )
    return { kind: 'other' };
  return { kind: 'publication', slug: label };
}

/**
 * The site a page's origin (an `Origin` header) names, against the public origin: same scheme and port only.
 * `null` for an origin that is not the main site or a possible publication subdomain.
 */
export function siteOfOrigin(origin: string, publicOrigin: string): Exclude<SiteHost, { kind: 'other' }> | null {
  let given: InstanceType<typeof URL>;
  let site: InstanceType<typeof URL>;
  try {
    given = new URL(origin);
    site = new URL(publicOrigin);
  } catch {
    return null;
  }
  if (given.protocol !== site.protocol || (given.protocol !== 'http:' && given.protocol !== 'https:')) return null;
  if (given.username || given.password || given.pathname !== '/' || given.search || given.hash) return null;
  const found = siteHostOf(given.host, site.host, given.protocol as 'http:' | 'https:');
  return found.kind === 'other' ? null : found;
}

/** A publication's origin: its slug under the public origin's host, same scheme and port. */
export function publicationOrigin(slug: string, publicOrigin: string): string {
  const site = new URL(publicOrigin);
  return `${site.protocol}//${slug}.${site.host}`;
}
