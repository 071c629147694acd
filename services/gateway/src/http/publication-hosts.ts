import { AppError } from '@pencraft/errors';
import { siteHostOf, siteOfOrigin } from '@pencraft/rules';
import type { FastifyRequest } from 'fastify';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';

/** The publication a request is made in: the one its host names (`{slug}.{main host}`). */
export interface PublicationContext {
  id: string;
  slug: string;
}

/**
 * The header the gateway's edge hands the frontends' servers (the reader's rendering): `{id} {slug}`. Whatever a
 * client sends under this name is removed first, so it only ever says what the gateway resolved.
 */
export const PUBLICATION_HEADER = 'x-pencraft-publication';

/** How a request's host resolved: the main site (or an unrelated host: no context), a publication, or an unknown slug. */
export type HostResolution =
  { kind: 'site' } | { kind: 'publication'; publication: PublicationContext } | { kind: 'unknown'; slug: string };

interface Entry {
  value: PublicationContext | null;
  expires: number;
}

/** Seconds a slug's answer is kept: a new publication is found at once, a renamed or deleted one within this time. */
export const PUBLICATION_HOST_TTL_MS = { found: 30_000, missing: 5_000 } as const;
const MAX_ENTRIES = 5_000;

/**
 * Resolves `{slug}.{main host}` to its publication through the publications service (GetPublication by slug), each
 * slug's answer cached in memory for a short time (PUBLICATION_HOST_TTL_MS; concurrent asks for one slug share one
 * call). The main host comes from PUBLIC_ORIGIN.
 */
export class PublicationHosts {
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<PublicationContext | null>>();
  private readonly mainHost: string;
  private readonly scheme: 'http:' | 'https:';

  constructor(
    private readonly publications: Pick<PublicationsClient, 'getPublication'>,
    private readonly publicOrigin: string,
    private readonly now: () => number = Date.now,
  ) {
    const site = new URL(publicOrigin);
    this.mainHost = site.host;
    this.scheme = site.protocol === 'https:' ? 'https:' : 'http:';
  }

  /** The publication a slug names, or null when none does. Errors of the service other than NotFound propagate. */
  async lookup(slug: string): Promise<PublicationContext | null> {
    const cached = this.cache.get(slug);
    if (cached && cached.expires > this.now()) return cached.value;
    const inFlight = this.pending.get(slug);
    if (inFlight) return inFlight;
    const call = this.ask(slug).finally(() => this.pending.delete(slug));
    this.pending.set(slug, call);
    return call;
  }

  private async ask(slug: string): Promise<PublicationContext | null> {
    let value: PublicationContext | null;
    try {
      const { publication } = await this.publications.getPublication({ id: '', slug, viewerUid: '' });
      value = publication ? { id: publication.id, slug: publication.slug } : null;
    } catch (error) {
      if (!AppError.is(error) || (error.code !== 'PublicationNotFound' && error.code !== 'InvalidSlug')) throw error;
      value = null;
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    const ttl = value ? PUBLICATION_HOST_TTL_MS.found : PUBLICATION_HOST_TTL_MS.missing;
    this.cache.set(slug, { value, expires: this.now() + ttl });
    return value;
  }

  /** What a Host header names. */
  async resolve(host: string | undefined): Promise<HostResolution> {
    const site = siteHostOf(host ?? '', this.mainHost, this.scheme);
    if (site.kind !== 'publication') return { kind: 'site' };
    const publication = await this.lookup(site.slug);
    return publication ? { kind: 'publication', publication } : { kind: 'unknown', slug: site.slug };
  }

  /**
   * The Origin rule of unsafe requests: the main origin, or `{slug}.{main host}` (same scheme and port) of a
   * publication that exists. Nothing else: no other subdomain, scheme or port.
   */
  async originAllowed(origin: string): Promise<boolean> {
    const site = siteOfOrigin(origin, this.publicOrigin);
    if (!site) return false;
    if (site.kind === 'main') return true;
    return (await this.lookup(site.slug)) !== null;
  }
}

const CONTEXT = Symbol('publication context');

/** The publication of a request's host, set by the route's protections (null: the main site). */
export function publicationOf(request: FastifyRequest): PublicationContext | null {
  return (request as unknown as Record<symbol, PublicationContext | null | undefined>)[CONTEXT] ?? null;
}

export function setPublicationOf(request: FastifyRequest, publication: PublicationContext | null) {
  (request as unknown as Record<symbol, PublicationContext | null>)[CONTEXT] = publication;
}

/** `{id} {slug}`, the value of PUBLICATION_HEADER. */
export const publicationHeaderValue = (publication: PublicationContext) => `${publication.id} ${publication.slug}`;
