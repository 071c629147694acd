// The start of every service loads about two hundred of drizzle-orm's ES modules, and Node 24 (24.22) spent about
// 80% of that loading in its own package.json reader: to learn each .js file's format it looks up the package's scope
// (getPackageScopeConfig), which copies the parsed package.json with a spread, and the spread runs the lazy getter of
// its "exports" field, parsing that field's JSON again for every file. drizzle-orm's "exports" is 130 KB (an entry for
// every file), so about 400 ms of each start went there (issue #19: each integration suite starts its own services).
// drizzle-orm declares "type": "module" and has no nested package.json, so the format of a relative .js import
// between its own files is known: this resolve hook answers those imports itself (the URL the default resolver would
// give, format "module") and passes everything else on. A bare import of drizzle-orm (its exports map) still goes
// through Node's resolver, once per specifier and importing directory: the services import it from about forty files
// each, in a score of directories.
import { registerHooks, type ResolveFnOutput } from 'node:module';

/** The packages whose own relative .js imports are answered here: "type": "module", no nested package.json. */
const ESM_ONLY_PACKAGES = ['drizzle-orm'] as const;

const MARKERS = ESM_ONLY_PACKAGES.map((name) => `/node_modules/${name}/`);

/**
 * The URL of a relative .js import made by an ES module of one of ESM_ONLY_PACKAGES to a file of the same package,
 * or undefined for every other import (bare specifiers, other packages, require(), other extensions, paths leaving
 * the package).
 */
export function knownModuleUrl(
  specifier: string,
  parentURL: string | undefined,
  conditions: readonly string[] | undefined,
): string | undefined {
  if (!parentURL?.startsWith('file:') || !conditions?.includes('import')) return undefined;
  if (!(specifier.startsWith('./') || specifier.startsWith('../')) || !specifier.endsWith('.js')) return undefined;
  if (specifier.includes('?') || specifier.includes('#') || specifier.includes('%')) return undefined;
  const marker = MARKERS.find((m) => parentURL.includes(m));
  if (!marker) return undefined;
  const url = new URL(specifier, parentURL).href;
  // Still inside the same package (not climbing out of it into node_modules or elsewhere).
  const root = parentURL.slice(0, parentURL.indexOf(marker) + marker.length);
  return url.startsWith(root) && !`/${url.slice(root.length)}`.includes('/node_modules/') ? url : undefined;
}

/** Whether `specifier` names the package or one of its exports ("drizzle-orm", "drizzle-orm/pg-core"). */
function isBareImportOf(specifier: string): boolean {
  return ESM_ONLY_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/**
 * What a bare import resolves to depends on the importing file's directory (the node_modules folders above it) and the
 * conditions only: the key under which its resolution is kept.
 */
export function bareImportKey(specifier: string, parentURL: string | undefined, conditions: readonly string[] = []) {
  if (!parentURL?.startsWith('file:') || !isBareImportOf(specifier)) return undefined;
  return `${specifier}\0${conditions.join(',')}\0${parentURL.slice(0, parentURL.lastIndexOf('/') + 1)}`;
}

let registered = false;

/** Registers the resolve hook (once per process; the services' preload calls it before their modules load). */
export function registerKnownModuleFormats(): void {
  if (registered) return;
  registered = true;
  const bare = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = knownModuleUrl(specifier, context.parentURL, context.conditions);
      if (url) return { url, format: 'module', shortCircuit: true };
      const key = bareImportKey(specifier, context.parentURL, context.conditions);
      if (key === undefined) return nextResolve(specifier, context);
      let resolved = bare.get(key);
      if (!resolved) {
        resolved = nextResolve(specifier, context);
        bare.set(key, resolved);
      }
      return { ...resolved, shortCircuit: true };
    },
  });
}
