import FindMyWay from 'find-my-way';

/**
 * The methods each declared path answers, looked up the way Fastify routes (same matcher), so a request that
 * matched no route can be told apart: 405 with Allow when the path exists under other methods, 404 otherwise.
 */
export class MethodTable {
  private readonly router = FindMyWay();
  private readonly byPath = new Map<string, Set<string>>();

  add(path: string, method: string) {
    let methods = this.byPath.get(path);
    if (!methods) {
      methods = new Set();
      this.byPath.set(path, methods);
      this.router.on('GET', path, () => undefined, { path, methods });
    }
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
  }

  /** The Allow header value for a request target, or undefined when no declared path matches it. */
  allowed(url: string): string | undefined {
    const found = this.lookup(url);
    return found ? [...found.methods].sort().join(', ') : undefined;
  }

  /**
   * For a request a route took: the Allow header value when the most specific declared path of its target is not the
   * route's and does not answer its method (PUT /api/drafts/translate names the translate action, which answers only
   * POST, not a draft called "translate" of PUT /api/drafts/:id); undefined when the request is where it belongs.
   */
  shadowed(url: string, method: string, routePath: string | undefined): string | undefined {
    const found = this.lookup(url);
    if (!found || !routePath || found.path === routePath || found.methods.has(method)) return undefined;
    return [...found.methods].sort().join(', ');
  }

  private lookup(url: string): { path: string; methods: Set<string> } | undefined {
    const target = url.startsWith('/') ? url : url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '') || '/';
    return this.router.find('GET', target)?.store as { path: string; methods: Set<string> } | undefined;
  }
}
