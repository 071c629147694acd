// The client routes of the site (system.json `frontends.<name>.routes`, every frontend's pages in react-router
// syntax): the shell's server answers them 200 with its index.html and every other page path 404 with the same
// index.html, whose app then shows the not-found page. Without a list every path is a route (a soft 404).

/**
 * A route in react-router syntax as a regular expression over the raw path: `:name` one whole segment, `:name?` an
 * optional segment, a fixed prefix before the parameter (`/@:username`), `*` anything below. A trailing slash is
 * allowed, as react-router allows it.
 */
export function routeRegex(pattern: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (segment === '*') {
      source += '(?:/.*)?';
      continue;
    }
    const colon = segment.indexOf(':');
    if (colon < 0) {
      source += `/${escape(segment)}`;
      continue;
    }
    const optional = segment.endsWith('?');
    const part = `/${escape(segment.slice(0, colon))}[^/]+`;
    source += optional ? `(?:${part})?` : part;
  }
  return new RegExp(`^${source}/?$`);
}

/** The routes of SPA_ROUTES (comma separated); each must start with `/`, anything else throws. */
export function parseRoutes(value: string | undefined): string[] {
  const routes = (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const route of routes) {
    if (!route.startsWith('/') || /\s/.test(route)) throw new Error(`SPA_ROUTES: "${route}" is not a route path`);
  }
  return routes;
}

/** A matcher over a list of routes: whether a raw request path is one of them. */
export function routeMatcher(routes: readonly string[]): (path: string) => boolean {
  const regexes = routes.map(routeRegex);
  return (path) => regexes.some((regex) => regex.test(path));
}
