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
});
