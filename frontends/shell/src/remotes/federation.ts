// Loading a remote at run time with rspack's own Module Federation (webpack 5's container model; see
// packages/frontend-build): the remote's mf-manifest.json names its script and the global that script defines (a
// container with `init` and `get`); the container joins the shell's share scope, so React, the router, i18next and
// the UI kit stay one copy each; `get('./routes')` gives the module. A few hundred bytes instead of the enhanced
// runtime's 32 KB of gzip.

interface Container {
  init(shareScope: unknown): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface Manifest {
  metaData?: { globalName?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
}

/** The remote's script and global: from its manifest (`…/mf-manifest.json`), or a script URL named after it. */
async function locate(name: string, entry: string): Promise<{ script: string; global: string }> {
  if (!/\.json$/i.test(new URL(entry).pathname)) return { script: entry, global: name };
  const response = await fetch(entry, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
  const { metaData } = (await response.json()) as Manifest;
  const file = metaData?.remoteEntry?.name;
  const folder = metaData?.remoteEntry?.path;
  const global = metaData?.globalName;
  if (typeof file !== 'string' || !file || typeof global !== 'string' || !global)
    throw new Error(`${entry} names no remoteEntry and globalName`);
  const base = typeof folder === 'string' && folder ? `${folder.replace(/\/+$/, '')}/` : '';
  return { script: new URL(`${base}${file}`, entry).href, global };
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    };
    document.head.append(script);
  });
}

async function loadContainer(name: string, entry: string): Promise<Container> {
  const { script, global } = await locate(name, entry);
  await loadScript(script);
  const container = (window as unknown as Record<string, Partial<Container> | undefined>)[global];
  if (typeof container?.init !== 'function' || typeof container.get !== 'function')
    throw new Error(`${script} defines no container ${global}`);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
  return container as Container;
}

const entries = new Map<string, string>();
const containers = new Map<string, Promise<Container>>();

/** Names the remotes and their entries; `force` forgets a loaded (or failed) one so it is fetched afresh. */
export function registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void {
  for (const { name, entry } of remotes) {
    if (entries.has(name) && !options?.force) continue;
    entries.set(name, entry);
    containers.delete(name);
  }
}

/** `name/module` (e.g. `reader/routes`): the module the remote exposes as `./module`. */
export async function loadRemote(id: string): Promise<unknown> {
  const slash = id.indexOf('/');
  const name = slash < 0 ? id : id.slice(0, slash);
  const module = slash < 0 ? '.' : `./${id.slice(slash + 1)}`;
  const entry = entries.get(name);
  if (!entry) throw new Error(`remote ${name} is not registered`);
  let container = containers.get(name);
  if (!container) {
    container = loadContainer(name, entry);
    containers.set(name, container);
    // A failure is not kept: the next load tries again.
    container.catch(() => containers.get(name) === container && containers.delete(name));
  }
  const factory = await (await container).get(module);
  return factory();
}
