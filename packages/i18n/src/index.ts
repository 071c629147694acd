import i18next, { type BackendModule, type i18n, type Module, type Resource } from 'i18next';
import { common } from './catalogues/common.js';
import { browserStorage, detectLanguage, LANGUAGES, type Language, type StorageLike } from './runtime.js';

export * from './runtime.js';
export { catalogueProblems } from './check.js';
export type { Catalogue, Messages } from './catalogues/types.js';
export type { CommonMessages } from './catalogues/common.js';
export { common };

/** Loads one language of one namespace, e.g. `(language) => import(\`./locales/${language}.js\`)`. */
export type NamespaceLoader = (language: string) => Promise<{ default: object }>;

/**
 * The i18next backend of the frontends. Only `common` is bundled (every frontend needs it); every other
 * namespace belongs to one frontend, which registers a loader for it. i18next calls `read` when a namespace is
 * first used (`useTranslation(ns)` suspends meanwhile) and, on a language change, for every namespace in use, so
 * a frontend's strings travel in its own chunks, one per language.
 */
class CatalogueBackend implements BackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  readonly callbackApi = false;
  readonly loaders = new Map<string, NamespaceLoader>();

  init(): void {}

  async read(language: string, namespace: string): Promise<object> {
    const loader = this.loaders.get(namespace);
    if (!loader) throw new Error(`no catalogue is registered for the namespace "${namespace}"`);
    return (await loader(language)).default;
  }
}

function backendOf(instance: i18n): CatalogueBackend {
  const backend: unknown = instance.services.backendConnector?.backend;
  if (!(backend instanceof CatalogueBackend)) throw new Error('this i18next instance was not made by createI18n');
  return backend;
}

/**
 * Makes namespaces loadable on `instance` (a frontend's own catalogue, or a remote's as the shell discovers
 * it). A namespace registered again keeps its first loader: a remote cannot replace another's strings.
 */
export function registerNamespaces(instance: i18n, loaders: Readonly<Record<string, NamespaceLoader>>): string[] {
  const backend = backendOf(instance);
  const added: string[] = [];
  for (const [namespace, loader] of Object.entries(loaders)) {
    if (namespace === 'common' || backend.loaders.has(namespace)) continue;
    backend.loaders.set(namespace, loader);
    added.push(namespace);
  }
  return added;
}

export interface CreateI18nOptions {
  /** Overrides the stored language. */
  language?: Language;
  storage?: StorageLike | null;
  /** i18next plugins, e.g. `initReactI18next`. */
  plugins?: Module[];
  /** The frontend's own namespaces (loaded with the first language, before `ready` resolves). */
  namespaces?: Readonly<Record<string, NamespaceLoader>>;
}

export interface I18nSetup {
  i18n: i18n;
  /** Resolves once the language's catalogues of the given namespaces are there (render after it). */
  ready: Promise<unknown>;
}

/** An i18next instance with `common` bundled and the given namespaces loaded on demand, per language. */
export function createI18n(options: CreateI18nOptions = {}): I18nSetup {
  const instance = i18next.createInstance();
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  instance.use(CatalogueBackend);
  const resources: Resource = {};
  for (const language of LANGUAGES) resources[language] = { common: common[language] };
  const own = Object.keys(options.namespaces ?? {});
  const ready = instance.init({
    resources,
    partialBundledLanguages: true,
    lng: options.language ?? detectLanguage(options.storage === undefined ? browserStorage() : options.storage),
    // Every catalogue has every key in every language (checked by types and tests): no fallback to load too.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  if (options.namespaces) registerNamespaces(instance, options.namespaces);
  return { i18n: instance, ready: own.length ? ready.then(() => instance.loadNamespaces(own)) : ready };
}
