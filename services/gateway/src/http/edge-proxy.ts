import { AppError } from '@pencraft/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { MethodTable } from './methods.js';
import { answerUnmatched } from './protections.js';

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
export function installEdgeProxy(fastify: FastifyInstance, routesValue: string, methods: MethodTable, pagesValue = '') {
  const routes = parseEdgeRoutes(routesValue);
  const pages = parseEdgePages(pagesValue);
  if (routes.length === 0 && pages.length === 0) return;
  const handler = (req: FastifyRequest, reply: FastifyReply) => {
    // A GET no API route took: a declared path under another method answers 405, the rest of /api 404.
    answerUnmatched(methods, req, reply);
    if (req.url.startsWith('/api/')) throw new AppError('NotFound');
    // A server-rendered page (the reader's article, home, category, profile, feeds) goes to its renderer whole;
    // every other path to the static server of the longest matching prefix.
    const page = pageFor(pages, req.url);
    const prefixRoute = routes.find((r) => req.url.startsWith(r.prefix));
    const route = page ? { prefix: '/', target: page.target } : prefixRoute;
    if (!route) return reply.code(404).send();
    reply.hijack();
    // A page whose renderer is down falls back to the static server of its prefix (the shell's page: the app
    // then shows the remote as unavailable), as it was before the page was rendered on the server.
    forward(req, reply, route, page && prefixRoute);
  };
  const forward = (req: FastifyRequest, reply: FastifyReply, route: EdgeRoute, fallback?: EdgeRoute) => {
    const path = route.prefix === '/' ? req.url : `/${req.url.slice(route.prefix.length)}`;
    const headers = { ...req.headers, host: route.target.host };
    delete headers.cookie;
    const upstream = httpRequest(
      { hostname: route.target.hostname, port: route.target.port, method: req.method, path, headers },
      (response) => {
        reply.raw.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(reply.raw);
      },
    );
    upstream.on('error', () => {
      if (fallback && !reply.raw.headersSent) return forward(req, reply, fallback);
      if (!reply.raw.headersSent) reply.raw.writeHead(502, { 'content-type': 'text/plain' });
      reply.raw.end('frontend unavailable');
    });
    upstream.end();
  };
  // GET routes answer HEAD too.
  fastify.get('/*', handler);
}
