/** Where each remote's manifest lives unless `/remotes.json` says otherwise. */
export const DEFAULT_REMOTES: Readonly<Record<string, string>> = {
  reader: '/mf/reader/mf-manifest.json',
  editor: '/mf/editor/mf-manifest.json',
};

const NAME = /^[a-z][a-z0-9_]*$/;

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

/** Reads `/remotes.json` (`{ "<name>": "<manifest url>" }`); invalid entries fall back to the defaults. */
export function parseRemotes(json: unknown): Record<string, string> {
  const remotes: Record<string, string> = { ...DEFAULT_REMOTES };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return remotes;
  for (const [name, entry] of Object.entries(json)) {
    if (NAME.test(name) && isEntry(entry)) remotes[name] = entry;
  }
  return remotes;
}

/** The list `registerRemotes` takes, with absolute entries. */
export function toRemoteList(
  remotes: Record<string, string>,
  baseHref: string,
): Array<{ name: string; entry: string }> {
  return Object.entries(remotes).map(([name, entry]) => ({ name, entry: new URL(entry, baseHref).href }));
}
