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
      this.router.on('GET', path, () => undefined, methods);
    }
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
  }

  /** The Allow header value for a request target, or undefined when no declared path matches it. */
  allowed(url: string): string | undefined {
    const target = url.startsWith('/') ? url : url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '') || '/';
    const found = this.router.find('GET', target);
    if (!found) return undefined;
    return [...(found.store as Set<string>)].sort().join(', ');
  }
}
