import { registerNamespaces } from '@pencraft/i18n';
import type { PageModule, RemoteManifest, RemoteRoute } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { parseRemotes, toRemoteList, underMount, type RemoteEntry } from './config.js';
import { matchPath } from 'react-router';
import { loadRemote, registerRemotes } from './federation.js';
import { checkManifest, prefixesMatch, splitPrefixedSegments } from './manifest.js';

export interface LoadedRemote {
  name: string;
  manifest: RemoteManifest;
}

export interface RemotesState {
  /** `loading` until every remote of `/remotes.json` this page needs has answered or failed. */
  status: 'loading' | 'ready';
  remotes: readonly LoadedRemote[];
  /** Remotes that are offline, too slow or broken (`/remotes.json` itself when it could not be read). */
  failed: readonly string[];
}

export const REMOTES_URL = '/remotes.json';
const REMOTES_JSON = 'remotes.json';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What the registry needs of Module Federation (./federation.ts; a test passes its own). */
export interface Federation {
  registerRemotes: (remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
}

const federation: Federation = { registerRemotes, loadRemote };

/**
 * The remotes of this page, found at run time: `/remotes.json` names them, each one's `./routes` module says
 * which pages, navigation entries and translation namespaces it brings. Nothing about a remote is built into
 * the shell, so a remote ships a new page or string on its own.
 *
 * Every remote is loaded at start, except a mounted one (`{ entry, mount }`): it is loaded only once a page under
 * its mount is asked for (the first page, or a navigation into it), so no other page pays for it.
 *
 * On a page the server rendered, `deferOthers(pathname)` goes further: the remotes are loaded one by one, in their
 * order, until one has a page for that path, and the others wait for `loadOthers()` (the shell calls it at the
 * first interaction and for a signed-in user) or for a navigation to a path no loaded remote has. A visitor who only
 * reads an article downloads the reader alone, not the editor's or the settings' route tables and strings.
 */
export class RemoteRegistry {
  private state: RemotesState = { status: 'loading', remotes: [], failed: [] };
  private readonly listeners = new Set<() => void>();
  private entries: RemoteEntry[] | undefined;
  /** Mounted remotes asked for (a page under their mount was shown); they load like the others from then on. */
  private readonly wanted = new Set<string>();
  /** Paths asked for before `/remotes.json` was read: they pick their mounted remotes once it is. */
  private askedEarly: string[] = [];
  private readonly pages = new WeakMap<RemoteRoute, Map<number, Promise<PageModule>>>();
  /** The first page's path while the remotes it does not need wait (deferOthers), else undefined. */
  private deferredFor: string | undefined;

  constructor(
    private readonly i18n: I18n,
    private readonly options: {
      timeoutMs?: number;
      fetch?: typeof fetch;
      baseHref?: string;
      federation?: Federation;
    } = {},
  ) {}

  private get federation(): Federation {
    return this.options.federation ?? federation;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): RemotesState => this.state;

  private set(state: RemotesState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private loading: Promise<void> | undefined;

  /**
   * Reads `/remotes.json` and the `./routes` of every remote the page at `pathname` needs (every remote without a
   * mount, and those mounted over this path); safe to call again (it loads what failed, and what a new path needs).
   */
  load(pathname: string = location.pathname): Promise<void> {
    const asked = this.ask(pathname);
    // A call while a load is under way joins it, unless it asks for a remote that load does not bring: then it
    // runs after it.
    if (this.loading && !asked) return this.loading;
    const next: Promise<void> = (this.loading ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.loadOnce())
      .finally(() => {
        if (this.loading === next) this.loading = undefined;
      });
    this.loading = next;
    return next;
  }

  /** Before the first `load`: load only the remotes the page at `pathname` needs, the others later (see above). */
  deferOthers(pathname: string): void {
    if (!this.entries && !this.loading) this.deferredFor = pathname;
  }

  /** Loads the remotes `deferOthers` held back (at once when none were). */
  loadOthers(): Promise<void> {
    if (this.deferredFor === undefined) return this.loading ?? Promise.resolve();
    this.deferredFor = undefined;
    return this.load(location.pathname);
  }

  /** Marks the mounted remotes over `pathname` as wanted; true when one was not wanted before. */
  private ask(pathname: string): boolean {
    // A path other than the first page's (a navigation) may belong to a remote held back: all of them load now.
    let added = false;
    if (this.deferredFor !== undefined && pathname !== this.deferredFor) {
      this.deferredFor = undefined;
      added = true;
    }
    if (!this.entries) {
      this.askedEarly.push(pathname);
      return added;
    }
    for (const { name, mount } of this.entries) {
      if (mount && !this.wanted.has(name) && underMount(mount, pathname)) {
        this.wanted.add(name);
        added = true;
      }
    }
    return added;
  }

  /**
   * Whether the page at `pathname` belongs to a mounted remote that is neither loaded nor failed yet: the page
   * waits for it (and asks for it with `load`) instead of answering "not found".
   */
  needs(pathname: string): boolean {
    if (!this.entries) return false;
    // A page no loaded remote has, while others are held back (deferOthers): one of them may have it.
    if (
      this.deferredFor !== undefined &&
      pathname !== this.deferredFor &&
      this.held().length > 0 &&
      !this.state.remotes.some(({ manifest }) => routeFor(manifest, pathname))
    )
      return true;
    return this.entries.some(
      ({ name, mount }) =>
        mount !== undefined &&
        underMount(mount, pathname) &&
        !this.state.failed.includes(name) &&
        !this.state.remotes.some((remote) => remote.name === name),
    );
  }

  private async loadOnce(): Promise<void> {
    const failed = this.state.failed;
    const timeoutMs = this.options.timeoutMs ?? 10_000;

    if (!this.entries) {
      if (this.state.status !== 'loading') this.set({ ...this.state, status: 'loading' });
      try {
        const response = await withTimeout(
          (this.options.fetch ?? fetch)(REMOTES_URL, { cache: 'no-cache', credentials: 'same-origin' }),
          timeoutMs,
          REMOTES_URL,
        );
        if (!response.ok) throw new Error(`${REMOTES_URL} answered ${response.status}`);
        const entries = toRemoteList(parseRemotes(await response.json()), this.options.baseHref ?? location.href);
        this.federation.registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));
        this.entries = entries;
        for (const pathname of this.askedEarly.splice(0)) this.ask(pathname);
      } catch (error) {
        console.error('[shell] the list of remotes could not be read', error);
        this.set({ status: 'ready', remotes: this.state.remotes, failed: [REMOTES_JSON] });
        return;
      }
    }

    let pending = this.unloaded();
    if (this.deferredFor !== undefined) {
      // One remote at a time, in order, until the first page is found; the rest stay held back.
      const pathname = this.deferredFor;
      const [next] = pending;
      const owner = this.state.remotes.some(({ manifest }) => routeFor(manifest, pathname));
      pending = owner || !next ? [] : [next];
    }
    if (pending.length === 0) {
      if (this.state.status !== 'ready' || failed.length > 0) this.set({ ...this.state, status: 'ready', failed: [] });
      return;
    }
    this.set({ ...this.state, status: 'loading' });
    // A remote that failed before is registered again, so its entry is fetched afresh.
    const retried = pending.filter((remote) => failed.includes(remote.name));
    if (retried.length)
      this.federation.registerRemotes(
        retried.map(({ name, entry }) => ({ name, entry })),
        { force: true },
      );

    const results = await Promise.allSettled(
      pending.map(async ({ name, mount }) => {
        const module = await withTimeout(this.federation.loadRemote(`${name}/routes`), timeoutMs, `remote ${name}`);
        return { name, manifest: checkManifest(name, module, mount) };
      }),
    );
    const remotes = [...this.state.remotes];
    const nowFailed: string[] = [];
    results.forEach((result, i) => {
      const name = pending[i]!.name;
      if (result.status === 'fulfilled') {
        registerNamespaces(this.i18n, result.value.manifest.namespaces ?? {});
        remotes.push(result.value);
      } else {
        console.error(`[shell] remote ${name} could not be loaded`, result.reason);
        nowFailed.push(name);
      }
    });
    const order = this.entries.map((remote) => remote.name);
    remotes.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    this.set({
      status: 'ready',
      remotes,
      failed: [...failed.filter((name) => !pending.some((p) => p.name === name)), ...nowFailed],
    });
    // Still looking for the first page's remote: the next one.
    if (this.deferredFor !== undefined && this.unloaded().length > 0 && !nowFailed.length) {
      const pathname = this.deferredFor;
      if (!remotes.some(({ manifest }) => routeFor(manifest, pathname))) await this.loadOnce();
    }
  }

  /** The remotes this page would load that are neither loaded nor failed in this round. */
  private unloaded(): RemoteEntry[] {
    const known = new Set(this.state.remotes.map((remote) => remote.name));
    return (this.entries ?? []).filter(
      (remote) => !known.has(remote.name) && (!remote.mount || this.wanted.has(remote.name)),
    );
  }

  /** The remotes `deferOthers` holds back (not loaded, not mounted elsewhere). */
  private held(): RemoteEntry[] {
    return this.unloaded().filter((remote) => !this.state.failed.includes(remote.name));
  }

  /** One load of a page per attempt, so a retry loads again instead of replaying the failure. */
  page(route: RemoteRoute, attempt: number): Promise<PageModule> {
    let attempts = this.pages.get(route);
    if (!attempts) this.pages.set(route, (attempts = new Map()));
    let page = attempts.get(attempt);
    if (!page) {
      const loading: Promise<PageModule> & { status?: string; value?: PageModule } = route.load().then((module) => {
        if (typeof module?.default !== 'function' && typeof module?.default !== 'object')
          throw new Error(`the page ${route.path} has no default export`);
        // React's use() reads a settled promise's status and value, so a page loaded ahead renders without suspending.
        loading.status = 'fulfilled';
        loading.value = module;
        return module;
      });
      page = loading;
      attempts.set(attempt, page);
    }
    return page;
  }

  /**
   * The remote page a path shows, loaded ahead with its remote's strings (at most `timeoutMs`): a page the server
   * rendered is then replaced by the same page in one render, without a spinner in between.
   */
  async preload(pathname: string, timeoutMs = 5000): Promise<void> {
    await withTimeout(this.load(pathname), timeoutMs, REMOTES_URL).catch(() => undefined);
    for (const { manifest } of this.state.remotes) {
      const route = routeFor(manifest, pathname);
      if (!route) continue;
      // The page's own namespaces when it names them (an article needs none of the jobs' or the documents' strings).
      const namespaces = route.namespaces ?? Object.keys(manifest.namespaces ?? {});
      await withTimeout(
        Promise.all([this.page(route, 0), this.i18n.loadNamespaces([...namespaces])]),
        timeoutMs,
        route.path,
      ).catch(() => undefined);
      return;
    }
  }
}

/** The remote's page for `pathname`, if it has one. */
function routeFor(manifest: RemoteManifest, pathname: string): RemoteRoute | undefined {
  return manifest.routes.find((route) => {
    const { path, prefixes } = splitPrefixedSegments(route.path);
    const match = matchPath({ path, end: true }, pathname);
    return match !== null && prefixesMatch(match.params, prefixes);
  });
}
