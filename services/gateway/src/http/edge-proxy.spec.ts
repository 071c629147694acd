import { parseEdgeRoutes } from './edge-proxy.js';

describe('parseEdgeRoutes', () => {
  it('orders prefixes longest first so remotes win over the shell', () => {
    const routes = parseEdgeRoutes('/=http://127.0.0.1:3000,/mf/reader/=http://127.0.0.1:3001');
    expect(routes.map((r) => [r.prefix, r.target.port])).toEqual([
      ['/mf/reader/', '3001'],
      ['/', '3000'],
    ]);
  });

  it('is empty when unset', () => {
    expect(parseEdgeRoutes('')).toEqual([]);
  });
});
