// `/remotes.json` is the one list of remotes the shell loads. It is generated from system.json's `frontends` when
// the shell is built, and a deployment may mount its own (the chart does). Each entry is either the remote's
// manifest URL, or `{ "entry": "<manifest url>", "mount": "/staff" }` for a remote whose pages all live under one
// path prefix (its `mount`): the shell loads such a remote only when the page is under that prefix, so the other
// pages never download it.
//   { "reader": "/mf/reader/mf-manifest.json", "staff": { "entry": "/mf/staff/mf-manifest.json", "mount": "/staff" } }

export interface RemoteConfig {
  /** The remote's manifest URL (absolute, or a path on the site). */
  entry: string;
  /** The path prefix all its pages live under; the remote is loaded only there. */
  mount?: string;
}

export interface RemoteEntry extends RemoteConfig {
  name: string;
}

const NAME = /^[a-z][a-z0-9_]*$/;
/** One or more lower-case segments, no trailing slash: `/staff`, `/studio/tools`. */
const MOUNT = /^(\/[a-z0-9][a-z0-9-]*)+$/;

function isEntry(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function isMount(value: unknown): value is string {
  return typeof value === 'string' && MOUNT.test(value);
}

/** A string entry, or exactly `{ entry, mount }` with both valid; anything else is not a remote. */
function parseEntry(value: unknown): RemoteConfig | undefined {
  if (isEntry(value)) return { entry: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('entry') || !keys.includes('mount')) return undefined;
  const { entry, mount } = value as Record<string, unknown>;
  return isEntry(entry) && isMount(mount) ? { entry, mount } : undefined;
}

/** The valid entries of `/remotes.json`; anything else is left out. */
export function parseRemotes(json: unknown): Record<string, RemoteConfig> {
  const remotes: Record<string, RemoteConfig> = {};
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return remotes;
  for (const [name, value] of Object.entries(json)) {
    const remote = NAME.test(name) ? parseEntry(value) : undefined;
    if (remote) remotes[name] = remote;
    else console.error(`[shell] /remotes.json: the entry ${JSON.stringify(name)} is not valid and is left out`);
  }
  return remotes;
}

/** The remotes with absolute entries (`registerRemotes` takes `{ name, entry }`). */
export function toRemoteList(remotes: Record<string, RemoteConfig>, baseHref: string): RemoteEntry[] {
  return Object.entries(remotes).map(([name, { entry, mount }]) => ({
    name,
    entry: new URL(entry, baseHref).href,
    ...(mount ? { mount } : {}),
  }));
}

/**
 * Whether a page path is under a mount: the prefix itself or below it, on whole segments (`/staff`, `/staff/`,
 * `/staff/queue`, not `/staffing`); without regard to case, as the router matches paths.
 */
export function underMount(mount: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === mount || path.startsWith(`${mount}/`);
}
