import { MethodTable } from './methods.js';

describe('MethodTable', () => {
  const table = new MethodTable();
  table.add('/api/articles', 'POST');
  table.add('/api/articles/:id', 'GET');
  table.add('/api/articles/categories', 'GET');

  it('lists the methods of a declared path, however the request target is written', () => {
    expect(table.allowed('/api/articles')).toBe('POST');
    expect(table.allowed('/api/articles/123?x=1')).toBe('GET, HEAD');
    expect(table.allowed('/%61pi/articles')).toBe('POST');
    expect(table.allowed('http://evil.example/api/articles')).toBe('POST');
  });

  it('knows nothing of other paths', () => {
    expect(table.allowed('/api/nothing')).toBeUndefined();
    expect(table.allowed('/API/articles')).toBeUndefined();
    expect(table.allowed('/api/articles/categories/')).toBeUndefined();
    expect(table.allowed('/api//articles')).toBeUndefined();
  });

  it("tells a request a parametric route took from one that belongs to a more specific path's other methods", () => {
    const routes = new MethodTable();
    routes.add('/api/drafts/:id', 'GET');
    routes.add('/api/drafts/:id', 'PUT');
    routes.add('/api/drafts/translate', 'POST');
    routes.add('/api/articles/:id', 'DELETE');
    routes.add('/api/articles/top', 'GET');
    expect(routes.shadowed('/api/drafts/translate?aid=1', 'PUT', '/api/drafts/:id')).toBe('POST');
    expect(routes.shadowed('/api/articles/top?page=1', 'DELETE', '/api/articles/:id')).toBe('GET, HEAD');
    expect(routes.shadowed('/api/drafts/translate', 'POST', '/api/drafts/translate')).toBeUndefined();
    expect(routes.shadowed('/api/drafts/123', 'PUT', '/api/drafts/:id')).toBeUndefined();
    expect(routes.shadowed('/api/other', 'PUT', '/api/other')).toBeUndefined();
    expect(routes.shadowed('/api/drafts/translate', 'PUT', undefined)).toBeUndefined();
  });
});
