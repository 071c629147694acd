import { renderToString } from 'react-dom/server';
import {
  InitialDataProvider,
  readInitialData,
  resetInitialData,
  takeInitialData,
  useInitialData,
} from './initial-data.js';

function documentWith(text: string | null) {
  return {
    getElementById: (id: string) => (id === 'pc-data' && text !== null ? { textContent: text } : null),
  } as never;
}

describe('initial data', () => {
  const original = globalThis.document;
  afterEach(() => {
    resetInitialData();
    (globalThis as { document?: unknown }).document = original;
  });

  it('reads #pc-data once and answers a key while the address is the rendered page', () => {
    (globalThis as { document?: unknown }).document = documentWith(
      JSON.stringify({ path: '/a/1', data: { 'article:1': { title: 'T' }, 'profile:x': null } }),
    );
    expect(takeInitialData('article:1', '/a/1')).toEqual({ title: 'T' });
    expect(takeInitialData('article:1', '/a/1')).toEqual({ title: 'T' });
    // null: the server answered the page as not found.
    expect(takeInitialData('profile:x', '/a/1')).toBeNull();
    expect(takeInitialData('article:2', '/a/1')).toBeUndefined();
  });

  it('drops everything at the first call from another page (a later visit fetches)', () => {
    (globalThis as { document?: unknown }).document = documentWith(
      JSON.stringify({ path: '/a/1', data: { 'article:1': { title: 'T' } } }),
    );
    expect(takeInitialData('home', '/')).toBeUndefined();
    expect(takeInitialData('article:1', '/a/1')).toBeUndefined();
  });

  it('has nothing without the element or with malformed JSON', () => {
    (globalThis as { document?: unknown }).document = documentWith(null);
    expect(readInitialData()).toBeNull();
    resetInitialData();
    (globalThis as { document?: unknown }).document = documentWith('{not json');
    expect(readInitialData()).toBeNull();
    resetInitialData();
    (globalThis as { document?: unknown }).document = documentWith('{"path":1,"data":{}}');
    expect(readInitialData()).toBeNull();
  });

  it('reads the provider on the server', () => {
    function Show() {
      const value = useInitialData<{ title: string }>('article:1');
      return <p>{value === undefined ? 'none' : value === null ? 'not found' : value.title}</p>;
    }
    expect(
      renderToString(
        <InitialDataProvider data={{ 'article:1': { title: 'Server' } }}>
          <Show />
        </InitialDataProvider>,
      ),
    ).toBe('<p>Server</p>');
    expect(
      renderToString(
        <InitialDataProvider data={{ 'article:1': null }}>
          <Show />
        </InitialDataProvider>,
      ),
    ).toBe('<p>not found</p>');
  });
});
