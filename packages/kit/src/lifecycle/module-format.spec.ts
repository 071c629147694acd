// The preload's resolve hook for drizzle-orm's own imports (module-format.ts): which imports it answers, and, in a
// fresh Node process with the built kit, that the modules loaded with it are the very ones (same URLs, same formats)
// Node's own resolver loads without it, and that the hook is what takes Node's package.json reader out of the way.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bareImportKey, knownModuleUrl } from './module-format.js';

const KIT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOOK = join(KIT, 'dist', 'lifecycle', 'module-format.js');
const DRIZZLE = 'file:///app/node_modules/drizzle-orm/pg-core/columns/text.js';
const IMPORT = ['node', 'import'];

describe('knownModuleUrl', () => {
  it("answers a relative .js import between drizzle-orm's own ES modules with the URL Node would give", () => {
    expect(knownModuleUrl('./common.js', DRIZZLE, IMPORT)).toBe(
      'file:///app/node_modules/drizzle-orm/pg-core/columns/common.js',
    );
    expect(knownModuleUrl('../../entity.js', DRIZZLE, IMPORT)).toBe('file:///app/node_modules/drizzle-orm/entity.js');
  });

  it('leaves every other import to Node', () => {
    // Bare specifiers (the exports map), other packages, our own code.
    expect(knownModuleUrl('drizzle-orm/pg-core', 'file:///app/services/a/dist/schema.js', IMPORT)).toBeUndefined();
    expect(knownModuleUrl('pg', DRIZZLE, IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./x.js', 'file:///app/node_modules/zod/v4/index.js', IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./x.js', 'file:///app/services/a/dist/main.js', IMPORT)).toBeUndefined();
    // require() (its conditions have no "import"), other extensions, and query strings or escapes.
    expect(knownModuleUrl('./common.js', DRIZZLE, ['node', 'require'])).toBeUndefined();
    expect(knownModuleUrl('./common.cjs', DRIZZLE, IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./common.json', DRIZZLE, IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./common.js?x=1', DRIZZLE, IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./comm%6Fn.js', DRIZZLE, IMPORT)).toBeUndefined();
    // A path that climbs out of the package, or into a nested node_modules.
    expect(knownModuleUrl('../../../zod/index.js', DRIZZLE, IMPORT)).toBeUndefined();
    expect(knownModuleUrl('../../node_modules/x/index.js', DRIZZLE, IMPORT)).toBeUndefined();
    // A parent that is not a file (data: URLs, no parent).
    expect(knownModuleUrl('./common.js', 'data:text/javascript,1', IMPORT)).toBeUndefined();
    expect(knownModuleUrl('./common.js', undefined, IMPORT)).toBeUndefined();
  });
});

describe('bareImportKey', () => {
  const parent = 'file:///app/services/a/dist/articles/schema.js';

  it("keys a bare import of drizzle-orm by specifier, conditions and the importing file's directory", () => {
    const key = bareImportKey('drizzle-orm/pg-core', parent, IMPORT);
    expect(key).toBeDefined();
    expect(bareImportKey('drizzle-orm/pg-core', 'file:///app/services/a/dist/articles/other.js', IMPORT)).toBe(key);
    // Another directory may see other node_modules folders; other conditions may pick another file.
    expect(bareImportKey('drizzle-orm/pg-core', 'file:///app/services/b/dist/articles/schema.js', IMPORT)).not.toBe(
      key,
    );
    expect(bareImportKey('drizzle-orm/pg-core', parent, ['node', 'require'])).not.toBe(key);
    expect(bareImportKey('drizzle-orm', parent, IMPORT)).not.toBe(key);
  });

  it('keys nothing else', () => {
    expect(bareImportKey('drizzle-orm-extra', parent, IMPORT)).toBeUndefined();
    expect(bareImportKey('zod', parent, IMPORT)).toBeUndefined();
    expect(bareImportKey('./schema.js', parent, IMPORT)).toBeUndefined();
    expect(bareImportKey('drizzle-orm', 'data:text/javascript,1', IMPORT)).toBeUndefined();
    expect(bareImportKey('drizzle-orm', undefined, IMPORT)).toBeUndefined();
  });
});

/**
 * The modules (URL and format) a fresh Node process loads for `specifiers`, with or without the hook, and how many
 * imports made by drizzle-orm's files reached Node's own resolver (whose package.json reader parses drizzle-orm's
 * exports map for each one): a hook registered before the kit's runs after it, next to Node's resolver.
 */
function load(specifiers: string[], withHook: boolean): { modules: string[]; reachedNode: number } {
  const script = `
    import { registerHooks } from 'node:module';
    let reachedNode = 0;
    registerHooks({
      resolve(specifier, context, next) {
        if (context.parentURL?.includes('/node_modules/drizzle-orm/')) reachedNode += 1;
        return next(specifier, context);
      },
    });
    ${withHook ? `(await import(${JSON.stringify(pathToFileURL(HOOK).href)})).registerKnownModuleFormats();` : ''}
    const modules = [];
    registerHooks({
      load(url, context, next) {
        const result = next(url, context);
        if (url.includes('/node_modules/drizzle-orm/')) modules.push(url + ' ' + result.format);
        return result;
      },
    });
    for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier);
    process.stdout.write(JSON.stringify({ modules: modules.sort(), reachedNode }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: KIT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(output) as { modules: string[]; reachedNode: number };
}

describe("the preload's hook in a Node process", () => {
  beforeAll(() => {
    if (!existsSync(HOOK)) throw new Error(`the kit is not built (no ${HOOK}): run \`make build\``);
  });

  it("loads the same drizzle-orm modules in the same formats, without Node's resolver for each of its files", () => {
    const specifiers = ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres'];
    const plain = load(specifiers, false);
    const hooked = load(specifiers, true);
    expect(plain.modules.length).toBeGreaterThan(100);
    expect(hooked.modules).toEqual(plain.modules);
    expect(hooked.modules.every((line) => line.endsWith(' module'))).toBe(true);
    // Without the hook every import between drizzle-orm's files goes to Node's resolver; with it, only the few that
    // leave the package (pg, and its own bare specifiers).
    expect(plain.reachedNode).toBeGreaterThan(100);
    expect(hooked.reachedNode).toBeLessThan(10);
  });
});
