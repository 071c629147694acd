import { jest } from '@jest/globals';
import { createI18n } from '@pencraft/i18n';
import { RemoteRegistry, type Federation } from './registry.js';

// The registry with a recorded Module Federation runtime: which remotes' `./routes` it loads, for which page.

const REMOTES = {
  reader: '/mf/reader/mf-manifest.json',
  editor: '/mf/editor/mf-manifest.json',
  staff: { entry: '/mf/staff/mf-manifest.json', mount: '/staff' },
};

const load = async () => ({ default: () => null });
const ROUTES: Record<string, string[]> = {
  reader: ['/', '/a/:id'],
  editor: ['/write'],
  staff: ['/staff', '/staff/queue', '/staff/items/:id'],
};

function setup(options: { remotes?: unknown; failing?: Set<string> } = {}) {
  const loaded: string[] = [];
  const registered: string[][] = [];
  const federation: Federation = {
    registerRemotes: (remotes) => void registered.push(remotes.map((remote) => remote.name)),
    loadRemote: async (id) => {
      const name = id.replace(/\/routes$/, '');
      loaded.push(name);
      if (options.failing?.has(name)) throw new Error(`${name} is offline`);
      return { default: { routes: (ROUTES[name] ?? []).map((path) => ({ path, load })) } };
    },
  };
  const fetch = (async () => new Response(JSON.stringify(options.remotes ?? REMOTES))) as typeof globalThis.fetch;
  const { i18n } = createI18n({ storage: null });
  const registry = new RemoteRegistry(i18n, { fetch, federation, baseHref: 'https://pencraft.az/', timeoutMs: 1000 });
  const names = () => registry.getSnapshot().remotes.map((remote) => remote.name);
  return { registry, loaded, registered, names };
}

describe('RemoteRegistry', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads every remote without a mount, and not the mounted one, on another page', async () => {
    const { registry, loaded, registered, names } = setup();
    await registry.load('/a/42');
    expect(registry.getSnapshot().status).toBe('ready');
    expect(names()).toEqual(['reader', 'editor']);
    expect(loaded.sort()).toEqual(['editor', 'reader']);
    // Every remote is registered (so its entry is known), only the needed ones are fetched.
    expect(registered).toEqual([['reader', 'editor', 'staff']]);
    expect(registry.needs('/a/42')).toBe(false);
    expect(registry.needs('/staffing')).toBe(false);
  });

  it('loads the mounted remote with the others when the first page is under its mount', async () => {
    const { registry, loaded, names } = setup();
    await registry.load('/staff/items/7');
    expect(names()).toEqual(['reader', 'editor', 'staff']);
    expect(loaded.sort()).toEqual(['editor', 'reader', 'staff']);
    expect(registry.needs('/staff')).toBe(false);
  });

  it('loads the mounted remote on a navigation into its mount, once', async () => {
    const { registry, loaded, names } = setup();
    await registry.load('/');
    expect(registry.needs('/staff/queue')).toBe(true);
    await registry.load('/staff/queue');
    expect(names()).toEqual(['reader', 'editor', 'staff']);
    expect(registry.needs('/staff/queue')).toBe(false);
    await registry.load('/staff');
    await registry.load('/');
    expect(loaded.sort()).toEqual(['editor', 'reader', 'staff']);
  });

  it('brings the mounted remote when asked while the first load is under way', async () => {
    const { registry, names } = setup();
    const first = registry.load('/');
    const second = registry.load('/staff');
    await Promise.all([first, second]);
    expect(names()).toEqual(['reader', 'editor', 'staff']);
    expect(registry.getSnapshot().status).toBe('ready');
  });

  it('reports a mounted remote that fails, and loads it again on a retry', async () => {
    const failing = new Set(['staff']);
    const { registry, registered, names } = setup({ failing });
    await registry.load('/');
    await registry.load('/staff');
    expect(registry.getSnapshot()).toMatchObject({ status: 'ready', failed: ['staff'] });
    // Failed, not pending: the page shows the failure with its retry instead of waiting.
    expect(registry.needs('/staff')).toBe(false);
    failing.clear();
    await registry.load('/staff');
    expect(names()).toEqual(['reader', 'editor', 'staff']);
    expect(registry.getSnapshot().failed).toEqual([]);
    expect(registered.at(-1)).toEqual(['staff']);
  });

  it('refuses a mounted remote whose pages leave its mount', async () => {
    const { registry, names } = setup({
      remotes: { reader: REMOTES.reader, editor: { entry: '/mf/editor/mf-manifest.json', mount: '/staff' } },
    });
    await registry.load('/staff');
    expect(names()).toEqual(['reader']);
    expect(registry.getSnapshot().failed).toEqual(['editor']);
  });

  it('ignores a mount it cannot trust and keeps the valid remotes', async () => {
    const { registry, names, loaded } = setup({
      remotes: { reader: REMOTES.reader, staff: { entry: '/mf/staff/mf-manifest.json', mount: '/' } },
    });
    await registry.load('/staff');
    expect(names()).toEqual(['reader']);
    expect(loaded).toEqual(['reader']);
    expect(registry.getSnapshot().failed).toEqual([]);
  });

  describe('on a page the server rendered (deferOthers)', () => {
    beforeEach(() => {
      (globalThis as { location?: unknown }).location = { pathname: '/a/42' };
    });
    afterEach(() => {
      delete (globalThis as { location?: unknown }).location;
    });

    it('loads only the remote with the page, and the others when asked (loadOthers)', async () => {
      const { registry, loaded, names } = setup();
      registry.deferOthers('/a/42');
      await registry.load('/a/42');
      expect(registry.getSnapshot().status).toBe('ready');
      expect(loaded).toEqual(['reader']);
      expect(registry.needs('/a/42')).toBe(false);
      await registry.loadOthers();
      expect(names()).toEqual(['reader', 'editor']);
      expect(loaded).toEqual(['reader', 'editor']);
    });

    it('loads the held-back remotes on a navigation to a path the loaded ones do not have', async () => {
      const { registry, loaded, names } = setup();
      registry.deferOthers('/a/42');
      await registry.load('/a/42');
      expect(registry.needs('/write')).toBe(true);
      // A page of the loaded remote renders at once.
      expect(registry.needs('/')).toBe(false);
      await registry.load('/write');
      expect(names()).toEqual(['reader', 'editor']);
      expect(registry.needs('/write')).toBe(false);
      expect(loaded).toEqual(['reader', 'editor']);
    });

    it('tries the remotes in order until one has the page', async () => {
      const { registry, loaded, names } = setup();
      registry.deferOthers('/write');
      await registry.load('/write');
      expect(names()).toEqual(['reader', 'editor']);
      expect(loaded).toEqual(['reader', 'editor']);
    });

    it('reports the page owner failing, and loads it again on a retry', async () => {
      const failing = new Set(['reader']);
      const { registry, loaded } = setup({ failing });
      registry.deferOthers('/a/42');
      await registry.load('/a/42');
      expect(registry.getSnapshot().failed).toEqual(['reader']);
      expect(loaded).toEqual(['reader']);
      // The page says it could not be loaded (with a retry) rather than waiting for the others.
      expect(registry.needs('/a/42')).toBe(false);
      failing.clear();
      await registry.load('/a/42');
      expect(registry.getSnapshot().failed).toEqual([]);
      expect(loaded).toEqual(['reader', 'reader']);
    });
  });

  it("preloads a page with the namespaces its route names, not every one of its remote's", async () => {
    const loadedNamespaces: string[] = [];
    const catalogue = (ns: string) => async () => {
      loadedNamespaces.push(ns);
      return { default: {} };
    };
    const federation: Federation = {
      registerRemotes: () => undefined,
      loadRemote: async (id) =>
        id === 'reader/routes'
          ? {
              default: {
                routes: [
                  { path: '/a/:id', load, namespaces: ['reader'] },
                  { path: '/jobs', load },
                ],
                namespaces: { reader: catalogue('reader'), jobs: catalogue('jobs') },
              },
            }
          : { default: { routes: [] } },
    };
    const fetch = (async () =>
      new Response(JSON.stringify({ reader: '/mf/reader/mf-manifest.json' }))) as typeof globalThis.fetch;
    const { i18n } = createI18n({ storage: null });
    const registry = new RemoteRegistry(i18n, { fetch, federation, baseHref: 'https://pencraft.az/', timeoutMs: 1000 });
    await registry.preload('/a/42');
    expect(loadedNamespaces).toEqual(['reader']);
    await registry.preload('/jobs');
    expect(loadedNamespaces.sort()).toEqual(['jobs', 'reader']);
  });
});
