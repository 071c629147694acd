// `/remotes.json` (`{ "<name>": "<manifest url>" }`) is the one list of remotes the shell loads. It is generated
// from system.json's `frontends` when the shell is built, and a deployment may mount its own (the chart does).

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

/** The valid entries of `/remotes.json`; anything else is left out. */
export function parseRemotes(json: unknown): Record<string, string> {
  const remotes: Record<string, string> = {};
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
