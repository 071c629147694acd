import type { ComponentType } from 'react';

// What a Module Federation remote exposes as `./routes`: its pages, its navigation entries and its translation
// namespaces. The shell reads it at run time, so a remote adds a page or a string without a shell release.

/** Where the shell shows a navigation entry. */
export type NavPlacement =
  /** A link in the header's main navigation. */
  | 'header'
  /** A link in the signed-in user's menu. */
  | 'userMenu'
  /** The header's search box: submits `?<param>=<text>` to the entry's path. */
  | 'search';

/** Icons a navigation entry may name (drawn by the shell, decorative). */
export type NavIcon = 'pen' | 'search';

export interface RemoteNavEntry {
  /** Unique within the remote (React key, test hook). */
  id: string;
  /** An i18next key with its namespace, e.g. `reader:nav.home`. */
  label: string;
  /** Where the entry leads (an absolute path of the site). */
  path: string;
  placement: NavPlacement;
  /** Shown only to a signed-in user. */
  signedIn?: boolean;
  /** Lower first; entries of every remote are sorted together. Default 100. */
  order?: number;
  icon?: NavIcon;
  /** `search` only: the query parameter (default `q`). */
  param?: string;
}

/** A page module: its default export is the page component. */
export type PageModule = { default: ComponentType };

export interface RemoteRoute {
  /** A react-router path pattern of the site, e.g. `/`, `/a/:id`, `/search`. */
  path: string;
  /** Loads the page (a dynamic import inside the remote, so each page is its own chunk). */
  load: () => Promise<PageModule>;
  /**
   * The namespaces the page renders with. The shell loads them with the page before it replaces the server's
   * rendering of it (the page then renders at once); without this, every namespace of the remote is loaded then.
   */
  namespaces?: readonly string[];
}

/** A namespace's messages in one language. */
export type CatalogueModule = { default: object };

/** Loads one language of one namespace (a dynamic import, so each language is its own chunk). */
export type CatalogueLoader = (language: string) => Promise<CatalogueModule>;

export interface RemoteManifest {
  routes: readonly RemoteRoute[];
  navigation?: readonly RemoteNavEntry[];
  /** The i18next namespaces this remote owns, each loaded per language when first needed. */
  namespaces?: Readonly<Record<string, CatalogueLoader>>;
}

/** The module a remote exposes as `./routes`. */
export type RemoteRoutesModule = { default: RemoteManifest };
