import type { NavIcon, NavPlacement, RemoteManifest, RemoteNavEntry, RemoteRoute } from '@pencraft/ui';
import { underMount } from './config.js';

// A remote's `./routes` module comes from another build: the shell checks its shape before it routes to it, so a
// broken remote is reported as failed instead of breaking the router or the header.

const PLACEMENTS: readonly NavPlacement[] = ['header', 'userMenu', 'search'];
const ICONS: readonly NavIcon[] = ['pen', 'search'];
/** Pages of the shell itself: a remote cannot take them over. */
export const SHELL_PATHS = [
  '/login',
  '/register',
  '/about',
  '/cookies',
  '/cookies/settings',
  '/forgot',
  '/reset',
  '/confirm',
  '/deletion-cancelled',
  '/notifications',
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

function checkRoute(value: unknown, where: string, mount: string | undefined): RemoteRoute {
  if (!isObject(value) || !isPath(value.path) || typeof value.load !== 'function')
    throw new Error(`${where}: a route needs an absolute path and a load function`);
  if (SHELL_PATHS.includes(value.path)) throw new Error(`${where}: ${value.path} belongs to the shell`);
  // A mounted remote is loaded only under its mount: a page elsewhere would never be found.
  if (mount && !underMount(mount, value.path)) throw new Error(`${where}: ${value.path} is outside its mount ${mount}`);
  const route: RemoteRoute = { path: value.path, load: value.load as RemoteRoute['load'] };
  if (Array.isArray(value.namespaces) && value.namespaces.every((ns) => typeof ns === 'string'))
    route.namespaces = value.namespaces as string[];
  return route;
}

function checkEntry(value: unknown, where: string): RemoteNavEntry {
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    typeof value.label !== 'string' ||
    !isPath(value.path) ||
    !PLACEMENTS.includes(value.placement as NavPlacement)
  )
    throw new Error(`${where}: a navigation entry needs an id, a label key, an absolute path and a placement`);
  const entry: RemoteNavEntry = {
    id: value.id,
    label: value.label,
    path: value.path,
    placement: value.placement as NavPlacement,
  };
  if (value.signedIn === true) entry.signedIn = true;
  if (typeof value.order === 'number' && Number.isFinite(value.order)) entry.order = value.order;
  if (ICONS.includes(value.icon as NavIcon)) entry.icon = value.icon as NavIcon;
  if (typeof value.param === 'string' && value.param) entry.param = value.param;
  return entry;
}

/**
 * The `default` export of a remote's `./routes` module, checked; throws naming what is wrong. A remote with a
 * mount (`/remotes.json`) must keep every page under it.
 */
export function checkManifest(name: string, module: unknown, mount?: string): RemoteManifest {
  const manifest = isObject(module) ? module.default : undefined;
  if (!isObject(manifest) || !Array.isArray(manifest.routes))
    throw new Error(`remote ${name}: ./routes must export default { routes, navigation?, namespaces? }`);
  const routes = manifest.routes.map((route, i) => checkRoute(route, `remote ${name} route ${i}`, mount));
  const navigation = Array.isArray(manifest.navigation)
    ? manifest.navigation.map((entry, i) => checkEntry(entry, `remote ${name} navigation ${i}`))
    : [];
  const namespaces: Record<string, NonNullable<RemoteManifest['namespaces']>[string]> = {};
  if (isObject(manifest.namespaces)) {
    for (const [ns, loader] of Object.entries(manifest.namespaces)) {
      if (typeof loader !== 'function' || !/^[a-z][a-zA-Z0-9_-]*$/.test(ns))
        throw new Error(`remote ${name}: namespace ${ns} needs a loader function`);
      namespaces[ns] = loader as NonNullable<RemoteManifest['namespaces']>[string];
    }
  }
  return { routes, navigation, namespaces };
}

/** Entries of every remote for one placement, in order (then by remote and id, so the order is stable). */
export function entriesFor(
  remotes: ReadonlyArray<{ name: string; manifest: RemoteManifest }>,
  placement: NavPlacement,
  signedIn: boolean,
): Array<RemoteNavEntry & { remote: string }> {
  return remotes
    .flatMap(({ name, manifest }) => (manifest.navigation ?? []).map((entry) => ({ ...entry, remote: name })))
    .filter((entry) => entry.placement === placement && (signedIn || !entry.signedIn))
    .sort(
      (a, b) => (a.order ?? 100) - (b.order ?? 100) || a.remote.localeCompare(b.remote) || a.id.localeCompare(b.id),
    );
}

/** A route path for a descendant `<Routes>` under the shell's splat route ('/' is the index). */
export function relativePath(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * react-router matches whole segments only, so a segment with a fixed prefix before its parameter (`/@:username`,
 * SPEC.md's profile path) is mounted as a plain parameter (`:username`) and the prefix is checked by the shell: the
 * page reads the parameter with its prefix (`@aysel`).
 */
export function splitPrefixedSegments(path: string): { path: string; prefixes: Record<string, string> } {
  const prefixes: Record<string, string> = {};
  const plain = path
    .split('/')
    .map((segment) => {
      const match = /^([^:*]+):([A-Za-z_][A-Za-z0-9_]*)$/.exec(segment);
      if (!match) return segment;
      prefixes[match[2]!] = match[1]!;
      return `:${match[2]}`;
    })
    .join('/');
  return { path: plain, prefixes };
}

/** Whether matched parameters carry the prefixes their route asks for. */
export function prefixesMatch(params: Readonly<Record<string, string | undefined>>, prefixes: Record<string, string>) {
  return Object.entries(prefixes).every(([name, prefix]) => {
    const value = params[name];
    return value !== undefined && value.startsWith(prefix) && value.length > prefix.length;
  });
}
