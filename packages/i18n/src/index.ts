import i18next, { type i18n, type Module, type Resource } from 'i18next';
import { common } from './catalogues/common.js';
import { editor } from './catalogues/editor.js';
import { reader } from './catalogues/reader.js';
import { shell } from './catalogues/shell.js';
import {
  browserStorage,
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGES,
  type Language,
  type StorageLike,
} from './runtime.js';

export * from './runtime.js';
export type { Catalogue, Messages } from './catalogues/types.js';
export type { CommonMessages } from './catalogues/common.js';
export type { ShellMessages } from './catalogues/shell.js';
export type { ReaderMessages } from './catalogues/reader.js';
export type { EditorMessages } from './catalogues/editor.js';

export const catalogues = { common, shell, reader, editor } as const;
export type Namespace = keyof typeof catalogues;
export const NAMESPACES = Object.keys(catalogues) as Namespace[];

export function resourcesFor(namespaces: readonly Namespace[] = NAMESPACES): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = Object.fromEntries(namespaces.map((ns) => [ns, catalogues[ns][language]]));
  }
  return resources;
}

export interface CreateI18nOptions {
  /** Overrides the stored language. */
  language?: Language;
  storage?: StorageLike | null;
  /** i18next plugins, e.g. `initReactI18next`. */
  plugins?: Module[];
  namespaces?: readonly Namespace[];
}

/** A ready (synchronously initialised) i18next instance with the catalogues of this package. */
export function createI18n(options: CreateI18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  const namespaces = options.namespaces ?? NAMESPACES;
  void instance.init({
    resources: resourcesFor(namespaces),
    lng: options.language ?? detectLanguage(options.storage === undefined ? browserStorage() : options.storage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: 'common',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
