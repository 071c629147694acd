// The rspack configuration all frontends share: the shell (Module Federation host) and each remote differ only
// in their name, what they expose, where they are served from and a few plugins of their own.
//
// Module Federation is rspack's own container plugin (webpack 5's model: a remote is a `var` container with `init`
// and `get`, shared modules negotiate in one share scope), not the enhanced runtime: that runtime cost 32 KB of gzip
// in the shell's first chunk and 15 KB in every remoteEntry.js, about a quarter of what a reader's article view
// downloaded. The shell loads a remote itself (frontends/shell/src/remotes/federation.ts) from its mf-manifest.json,
// which each remote's build still writes (ManifestPlugin below), so /remotes.json and the chart are unchanged.
import { rspack } from '@rspack/core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const ui = readJson(new URL('../ui/package.json', import.meta.url));
const require = createRequire(import.meta.url);
/** react-router's own entry (the slim module below re-exports from it under this name). */
const reactRouterFull = require.resolve('react-router');
const reactRouterVersion = readJson(path.join(path.dirname(reactRouterFull), '../../package.json')).version;
/** The shared `react-router`: only the declarative-mode names the frontends use (see react-router.mjs). */
const reactRouterSlim = fileURLToPath(new URL('./react-router.mjs', import.meta.url));

/** react-i18next's ES module entry (the slim module below re-exports from it under this name). */
const reactI18nextFull = path.join(path.dirname(require.resolve('react-i18next/package.json')), 'dist/es/index.js');
const reactI18nextVersion = readJson(require.resolve('react-i18next/package.json')).version;
/** The shared `react-i18next`: only the names the frontends use (see react-i18next.mjs). */
const reactI18nextSlim = fileURLToPath(new URL('./react-i18next.mjs', import.meta.url));

/** The global a remote's remoteEntry.js defines (its container); named in its mf-manifest.json. */
export const containerGlobal = (name) => `pencraft_remote_${name}`;

/** The short, explicit list of singletons every frontend shares with the others (never `...dependencies`). */
export function sharedSingletons(pkg) {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(pkg.dependencies.react),
    'react/jsx-runtime': singleton(pkg.dependencies.react),
    'react-dom': singleton(pkg.dependencies['react-dom']),
    'react-dom/client': singleton(pkg.dependencies['react-dom']),
    'react-router': {
      ...singleton(pkg.dependencies['react-router']),
      import: reactRouterSlim,
      version: reactRouterVersion,
    },
    i18next: singleton(pkg.dependencies.i18next),
    'react-i18next': {
      ...singleton(pkg.dependencies['react-i18next']),
      import: reactI18nextSlim,
      version: reactI18nextVersion,
    },
    '@pencraft/ui': singleton(`^${ui.version}`),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the frontend's folder
 * @param {string} options.name its Module Federation name (one name everywhere: folder, image, chart component)
 * @param {Record<string, string>} [options.exposes] a remote's exposed modules; absent for the host
 * @param {string} options.publicPath '/' for the host, 'auto' for a remote (chunks load relative to remoteEntry.js)
 * @param {unknown[]} [options.plugins] the frontend's own plugins (its HTML page, static files)
 */
export function frontendConfig({ dir, name, exposes, publicPath, plugins = [] }) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const shared = sharedSingletons(pkg);
  const federation = exposes
    ? { name, filename: 'remoteEntry.js', exposes, shared, library: { type: 'var', name: containerGlobal(name) } }
    : { name, shared };
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const config = {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: ['web', 'es2022'],
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: path.resolve(dir, 'dist'),
        publicPath,
        uniqueName: name,
        filename: 'assets/[name].[contenthash:10].js',
        chunkFilename: 'assets/[name].[contenthash:10].js',
        cssFilename: 'assets/[name].[contenthash:10].css',
        cssChunkFilename: 'assets/[name].[contenthash:10].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        // The shared rules and the typed API client are compiled from source, like the UI kit: a frontend builds
        // without building them first. Only the UI kit imports the client at run time (its `api` is the one
        // configured instance: one CSRF and language state in the page, through the @pencraft/ui singleton);
        // the frontends import its types only, through @pencraft/ui.
        alias: {
          '@pencraft/rules$': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)),
          '@pencraft/api-client$': fileURLToPath(new URL('../api-client/src/index.ts', import.meta.url)),
          'pencraft-react-router-full$': reactRouterFull,
          'pencraft-react-i18next-full$': reactI18nextFull,
        },
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css' },
        ],
      },
      plugins: [
        ...plugins,
        new rspack.container.ModuleFederationPluginV1(federation),
        ...(exposes ? [new ManifestPlugin(name, Object.keys(exposes), Object.keys(shared))] : []),
      ],
      performance: { hints: false },
    };
    return config;
  };
}

/**
 * A remote's `mf-manifest.json`: what the shell reads first (the entry of `/remotes.json`) to find the remote's
 * script and the global it defines. The fields follow Module Federation's manifest (metaData.remoteEntry,
 * globalName), so a remote built with another Module Federation toolchain that writes a `var` container is found
 * the same way.
 */
class ManifestPlugin {
  constructor(name, exposes, shared) {
    this.manifest = {
      id: name,
      name,
      metaData: {
        name,
        type: 'app',
        globalName: containerGlobal(name),
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' },
        publicPath: 'auto',
      },
      shared: shared.map((shareKey) => ({ name: shareKey })),
      exposes: exposes.map((key) => ({ name: key.replace(/^\.\//, ''), path: key })),
    };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () =>
          compilation.emitAsset(
            'mf-manifest.json',
            new compiler.webpack.sources.RawSource(`${JSON.stringify(this.manifest, null, 2)}\n`),
          ),
      );
    });
  }
}

/**
 * A frontend's server rendering (e.g. the reader's `server/renderer.tsx`): the same sources built for Node into one
 * CommonJS file with every dependency inside (the frontend image has no node_modules). Stylesheets are left out:
 * the browser build emits them and the page links them.
 * @param {object} options
 * @param {string} options.dir the frontend's folder
 * @param {string} options.entry the server entry, relative to dir
 * @param {string} [options.outDir] relative to dir (default dist-server)
 */
export function rendererConfig({ dir, entry, outDir = 'dist-server' }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { renderer: entry },
      target: 'node24',
      devtool: false,
      output: {
        path: path.resolve(dir, outDir),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      // An FFI library with a native binary, loaded by the release of memory once idle (the image ships it beside).
      externals: { koffi: 'commonjs koffi' },
      // Readable stack traces on the server; the size does not matter there.
      optimization: { minimize: false },
      resolve: {
        alias: {
          '@pencraft/rules$': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)),
          '@pencraft/api-client$': fileURLToPath(new URL('../api-client/src/index.ts', import.meta.url)),
          // One module of the kit (no dependencies), not the kit: the release of memory once idle.
          '@pencraft/kit/idle-memory$': fileURLToPath(new URL('../kit/src/lifecycle/idle-memory.ts', import.meta.url)),
        },
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['node', 'import', 'module', 'default'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'asset/source' },
        ],
      },
      plugins: [
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
        // One file: the dynamic imports of pages and catalogues are bundled in.
        new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
      performance: { hints: false },
    };
  };
}

export { rspack };
