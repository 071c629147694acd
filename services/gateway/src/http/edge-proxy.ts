import { AppError } from '@pencraft/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { MethodTable } from './methods.js';
import { answerUnmatched } from './protections.js';
import { PUBLICATION_HEADER, publicationHeaderValue, type PublicationHosts } from './publication-hosts.js';

/**
 * The headers a frontend's server gets: the client's, without its cookies and without anything claiming a publication
 * or a host (clients cannot forge them), plus the host the browser asked for (`x-forwarded-host`, as the Ingress
 * sends it) and the publication the gateway resolved from it (PUBLICATION_HEADER, `{id} {slug}`).
 */
export function frontendHeaders(
  incoming: Record<string, string | string[] | undefined>,
  targetHost: string,
  publication: { id: string; slug: string } | null,
): Record<string, string | string[] | undefined> {
  const headers: Record<string, string | string[] | undefined> = { ...incoming, host: targetHost };
  delete headers.cookie;
  delete headers[PUBLICATION_HEADER];
  delete headers['x-forwarded-host'];
  if (typeof incoming.host === 'string') headers['x-forwarded-host'] = incoming.host;
  if (publication) headers[PUBLICATION_HEADER] = publicationHeaderValue(publication);
  return headers;
}

interface EdgeRoute {
  prefix: string;
  target: URL;
}

export function parseEdgeRoutes(value: string): EdgeRoute[] {
  if (!value) return [];
  return value
    .split(',')
    .map((pair) => {
      const index = pair.indexOf('=');
      return { prefix: pair.slice(0, index), target: new URL(pair.slice(index + 1)) };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

interface EdgePage {
  pattern: string;
  regex: RegExp;
  target: URL;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page path in react-router syntax (`/`, `/a/:id`, `/@:username/feed.xml`: a parameter is one whole segment,
 * optionally after a fixed prefix) as a regular expression over the raw path.
 */
export function pagePatternRegex(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      const colon = segment.indexOf(':');
      return colon < 0 ? escapeRegex(segment) : `${escapeRegex(segment.slice(0, colon))}[^/]+`;
    });
  return new RegExp(`^/${segments.join('/')}$`);
}

/** `pattern=url` pairs (EDGE_PAGES): the pages a frontend renders on the server. */
export function parseEdgePages(value: string): EdgePage[] {
  if (!value) return [];
  return value.split(',').map((pair) => {
    const index = pair.lastIndexOf('=');
    const pattern = pair.slice(0, index);
    return { pattern, regex: pagePatternRegex(pattern), target: new URL(pair.slice(index + 1)) };
  });
}

/** The server-rendered page a request path belongs to, if any. */
export function pageFor(pages: readonly EdgePage[], url: string): EdgePage | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return pages.find((page) => page.regex.test(path));
}

/**
 * Local development only: serves the frontends at the gateway's origin by passing every non-/api GET
 * to the static server of the longest matching prefix, and the page paths of EDGE_PAGES to the frontend that renders
 * them (what the Ingress does on Kubernetes).
 */
export function installEdgeProxy(
  fastify: FastifyInstance,
  routesValue: string,
  methods: MethodTable,
  pagesValue = '',
  hosts?: Pick<PublicationHosts, 'resolve'>,
) {
  const routes = parseEdgeRoutes(routesValue);
  const pages = parseEdgePages(pagesValue);
  if (routes.length === 0 && pages.length === 0) return;
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // A GET no API route took: a declared path under another method answers 405, the rest of /api 404.
    answerUnmatched(methods, req, reply);
    if (req.url.startsWith('/api/')) throw new AppError('NotFound');
    // A server-rendered page (the reader's article, home, category, profile, feeds) goes to its renderer whole;
    // every other path to the static server of the longest matching prefix.
    const page = pageFor(pages, req.url);
    const prefixRoute = routes.find((r) => req.url.startsWith(r.prefix));
    const route = page ? { prefix: '/', target: page.target } : prefixRoute;
    if (!route) return reply.code(404).send();
    // The host's publication (an unknown slug goes on without one: its renderer answers the not-found page).
    const site = hosts ? await hosts.resolve(req.headers.host) : { kind: 'site' as const };
    const publication = site.kind === 'publication' ? site.publication : null;
    reply.hijack();
    // A page whose renderer is down falls back to the static server of its prefix (the shell's page: the app
    // then shows the remote as unavailable), as it was before the page was rendered on the server.
    forward(req, reply, route, publication, page && prefixRoute);
  };
  const forward = (
    req: FastifyRequest,
    reply: FastifyReply,
    route: EdgeRoute,
    publication: { id: string; slug: string } | null,
    fallback?: EdgeRoute,
  ) => {
    const path = route.prefix === '/' ? req.url : `/${req.url.slice(route.prefix.length)}`;
    const headers = frontendHeaders(req.headers, route.target.host, publication);
    const upstream = httpRequest(
      { hostname: route.target.hostname, port: route.target.port, method: req.method, path, headers },
      (response) => {
        reply.raw.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(reply.raw);
      },
    );
    upstream.on('error', () => {
      if (fallback && !reply.raw.headersSent) return forward(req, reply, fallback, publication);
      if (!reply.raw.headersSent) reply.raw.writeHead(502, { 'content-type': 'text/plain' });
      reply.raw.end('frontend unavailable');
    });
    upstream.end();
  };
  // GET routes answer HEAD too.
  fastify.get('/*', handler);
}
