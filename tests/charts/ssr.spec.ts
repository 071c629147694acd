// Server rendering in the chart: the reader's static server runs its renderer (system.json `renderer`), reaches the
// gateway and the shell and nothing else, and the Ingress sends exactly system.json's page paths to it (the shell
// keeps every other path). Ingress matching is modelled per pathType: Exact is the whole path, Prefix whole
// segments, ImplementationSpecific a plain string prefix (ingress-nginx's `location /@`); the longest match wins,
// Exact first.
import { parse } from 'yaml';
import { named, ofKind, readText, render, renderSet, template, type Parsed } from './support/helm.js';
import { rendererNames, shellName, system } from './support/system.js';

interface IngressPath {
  path: string;
  pathType: 'Exact' | 'Prefix' | 'ImplementationSpecific';
  service: string;
}

function ingressPaths(objects = renderSet('default')): IngressPath[] {
  const ingress = ofKind(objects, 'Ingress')[0]!;
  return ingress.spec.rules[0].http.paths.map((p: Parsed) => ({
    path: p.path,
    pathType: p.pathType,
    service: p.backend.service.name,
  }));
}

/** The service the Ingress sends a request path to. */
function route(paths: IngressPath[], requestPath: string): string | undefined {
  const exact = paths.find((p) => p.pathType === 'Exact' && p.path === requestPath);
  if (exact) return exact.service;
  const matches = paths.filter((p) => {
    if (p.pathType === 'ImplementationSpecific') return requestPath.startsWith(p.path);
    if (p.pathType !== 'Prefix') return false;
    const prefix = p.path.replace(/\/$/, '');
    return prefix === '' || requestPath === prefix || requestPath.startsWith(`${prefix}/`);
  });
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.service;
}

/** A request path for a page pattern (`/a/:id` → `/a/x1`, `/@:username` → `/@x1`). */
const example = (pattern: string) => pattern.replace(/:[A-Za-z_]+/g, 'x1');

const values = parse(readText('charts/pencraft/values.yaml')) as Parsed;

describe('server rendering in the chart', () => {
  it('has a renderer in system.json for the reader, with its pages', () => {
    expect(rendererNames).toEqual(['reader']);
    expect(system.frontends.reader!.pages).toEqual(
      expect.arrayContaining(['/', '/a/:id', '/c/:category', '/@:username', '/sitemap.xml', '/feed.xml']),
    );
  });

  it.each(rendererNames)('runs %s in renderer mode with the gateway, the shell and the public origin', (name) => {
    const env = named(renderSet('default'), 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
    expect(env).toEqual(
      expect.arrayContaining([
        { name: 'RENDERER', value: `/app/frontends/${name}/${system.frontends[name]!.renderer}` },
        { name: 'API_ORIGIN', value: 'http://pencraft-gateway:8080' },
        { name: 'SHELL_ORIGIN', value: `http://pencraft-${shellName}:${system.frontends[shellName]!.port}` },
        { name: 'PUBLIC_ORIGIN', value: 'http://pencraft.local' },
        { name: 'RENDER_CACHE_SECONDS', value: '2' },
      ]),
    );
    const production = named(renderSet('production'), 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0]
      .env;
    expect(production.find((e: Parsed) => e.name === 'PUBLIC_ORIGIN').value).toMatch(/^https:\/\//);
  });

  it.each(['default', 'production'])(
    'routes every page of system.json to the renderer and the rest to the shell (%s values)',
    (set) => {
      const paths = ingressPaths(renderSet(set));
      for (const name of rendererNames) {
        for (const page of system.frontends[name]!.pages!) {
          expect({ page, service: route(paths, example(page)) }).toEqual({ page, service: `pencraft-${name}` });
        }
      }
      for (const path of [
        '/login',
        '/register',
        '/search',
        '/write',
        '/drafts',
        '/top',
        '/preview/x1',
        '/about',
        '/a',
      ]) {
        const expected = path === '/a' ? 'pencraft-reader' : `pencraft-${shellName}`;
        expect({ path, service: route(paths, path) }).toEqual({ path, service: expected });
      }
      // `/@` alone and `/abc` are not profiles; `/assets/...` and `/boot.js` are the shell's files.
      expect(route(paths, '/assets/main.0123456789.js')).toBe(`pencraft-${shellName}`);
      expect(route(paths, '/boot.js')).toBe(`pencraft-${shellName}`);
      expect(route(paths, '/abc')).toBe(`pencraft-${shellName}`);
      expect(route(paths, '/mf/reader/remoteEntry.js')).toBe('pencraft-reader');
      expect(route(paths, '/api/articles/x1')).toBe('pencraft-gateway');
    },
  );

  it('lets the gateway proxy the pages on clusters without an ingress controller (EDGE_PAGES)', () => {
    const env = named(renderSet('local'), 'Deployment', 'pencraft-gateway').spec.template.spec.containers[0].env;
    const pages = env.find((e: Parsed) => e.name === 'EDGE_PAGES')?.value as string;
    expect(pages.split(',')).toEqual(system.frontends.reader!.pages!.map((p) => `${p}=http://pencraft-reader:3001`));
  });

  it('switches off with the renderer: no env, no page routes, no egress', () => {
    const objects = render({ set: ['frontends.reader.renderer.enabled=false'] });
    const env = named(objects, 'Deployment', 'pencraft-reader').spec.template.spec.containers[0].env;
    expect(env.map((e: Parsed) => e.name)).not.toContain('RENDERER');
    expect(
      ingressPaths(objects)
        .filter((p) => p.service === 'pencraft-reader')
        .map((p) => p.path),
    ).toEqual(['/mf/reader/']);
    expect(named(objects, 'NetworkPolicy', 'pencraft-reader').spec.egress).toEqual([]);
  });

  it('refuses a renderer without a shell to take the frame from', () => {
    const result = template({ set: ['frontends.shell.enabled=false'] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/renderer needs an enabled frontend at path \//);
  });

  it('gives the renderer room to render (more heap than a plain static server)', () => {
    expect(values.frontends.reader.env.NODE_OPTIONS).toMatch(/--max-old-space-size=(9[6-9]|1\d\d)/);
    expect(values.frontends.reader.resources.limits.memory).toBe('288Mi');
  });
});
