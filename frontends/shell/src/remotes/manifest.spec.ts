import type { RemoteManifest } from '@pencraft/ui';
import { checkManifest, entriesFor, prefixesMatch, relativePath, splitPrefixedSegments } from './manifest.js';

const load = async () => ({ default: () => null });

describe('checkManifest', () => {
  it('keeps a valid manifest', () => {
    const manifest = checkManifest('reader', {
      default: {
        routes: [{ path: '/a/:id', load }],
        navigation: [{ id: 'home', label: 'reader:nav.home', path: '/', placement: 'header', order: 0, x: 1 }],
        namespaces: { reader: async () => ({ default: {} }) },
      },
    });
    expect(manifest.routes.map((route) => route.path)).toEqual(['/a/:id']);
    expect(manifest.navigation).toEqual([
      { id: 'home', label: 'reader:nav.home', path: '/', placement: 'header', order: 0 },
    ]);
    expect(Object.keys(manifest.namespaces ?? {})).toEqual(['reader']);
  });

  it.each([
    ['no default export', {}],
    ['no routes', { default: { navigation: [] } }],
    ['a relative route', { default: { routes: [{ path: 'a', load }] } }],
    ['a route without a loader', { default: { routes: [{ path: '/a' }] } }],
    ['a shell page', { default: { routes: [{ path: '/login', load }] } }],
    [
      'an unknown placement',
      { default: { routes: [], navigation: [{ id: 'x', label: 'x', path: '/', placement: 'footer' }] } },
    ],
    [
      'a protocol-relative link',
      { default: { routes: [], navigation: [{ id: 'x', label: 'x', path: '//evil', placement: 'header' }] } },
    ],
    ['a namespace without a loader', { default: { routes: [], namespaces: { reader: 'reader.json' } } }],
  ])('refuses %s', (_, module) => {
    expect(() => checkManifest('reader', module)).toThrow(/remote reader/);
  });
  it('keeps every page of a mounted remote under its mount', () => {
    const routes = [
      { path: '/staff', load },
      { path: '/staff/items/:id', load },
    ];
    expect(checkManifest('staff', { default: { routes } }, '/staff').routes).toHaveLength(2);
    expect(() =>
      checkManifest('staff', { default: { routes: [...routes, { path: '/staffing', load }] } }, '/staff'),
    ).toThrow('remote staff route 2: /staffing is outside its mount /staff');
    expect(() => checkManifest('staff', { default: { routes: [{ path: '/', load }] } }, '/staff')).toThrow(
      /outside its mount/,
    );
  });
});

describe('entriesFor', () => {
  const remote = (name: string, navigation: RemoteManifest['navigation']) => ({
    name,
    manifest: { routes: [], navigation },
  });
  const remotes = [
    remote('editor', [{ id: 'write', label: 'editor:nav.write', path: '/write', placement: 'header', order: 10 }]),
    remote('reader', [
      { id: 'home', label: 'reader:nav.home', path: '/', placement: 'header', order: 0 },
      { id: 'search', label: 'reader:nav.search', path: '/search', placement: 'search' },
    ]),
    remote('studio', [
      { id: 'studio', label: 'studio:nav', path: '/studio', placement: 'header', signedIn: true },
      { id: 'mine', label: 'studio:mine', path: '/studio/mine', placement: 'userMenu', signedIn: true },
    ]),
  ];

  it('sorts the entries of every remote for one placement by order', () => {
    expect(entriesFor(remotes, 'header', true).map((entry) => entry.id)).toEqual(['home', 'write', 'studio']);
    expect(entriesFor(remotes, 'search', false).map((entry) => entry.path)).toEqual(['/search']);
  });

  it('hides entries for signed-in users from visitors', () => {
    expect(entriesFor(remotes, 'header', false).map((entry) => entry.id)).toEqual(['home', 'write']);
    expect(entriesFor(remotes, 'userMenu', false)).toEqual([]);
    expect(entriesFor(remotes, 'userMenu', true).map((entry) => entry.remote)).toEqual(['studio']);
  });
});

describe('relativePath', () => {
  it('makes a site path relative to the splat route', () => {
    expect(relativePath('/a/:id')).toBe('a/:id');
    expect(relativePath('/')).toBe('');
  });
});

describe('segments with a prefix before their parameter', () => {
  it('mounts /@:username as a parameter and checks the prefix', () => {
    const { path, prefixes } = splitPrefixedSegments('/@:username');
    expect(path).toBe('/:username');
    expect(prefixes).toEqual({ username: '@' });
    expect(prefixesMatch({ username: '@aysel' }, prefixes)).toBe(true);
    expect(prefixesMatch({ username: 'about-us' }, prefixes)).toBe(false);
    expect(prefixesMatch({ username: '@' }, prefixes)).toBe(false);
  });

  it('leaves other paths alone', () => {
    expect(splitPrefixedSegments('/a/:id')).toEqual({ path: '/a/:id', prefixes: {} });
    expect(splitPrefixedSegments('/')).toEqual({ path: '/', prefixes: {} });
  });
});
