// The rspack configuration all frontends share: the shell (Module Federation host) and each remote differ only
// in their name, what they expose, where they are served from and a few plugins of their own.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
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
    'react-i18next': singleton(pkg.dependencies['react-i18next']),
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
  // These bundles run in browsers only (server rendering has its own build, rendererConfig): the federation runtime
  // leaves out its Node code, about 2 KB gzip off the shell's main chunk and off every remote's remoteEntry.js.
  const optimization = { target: 'web' };
  const federation = exposes
    ? {
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(pkg),
        dts: false,
        manifest: true,
        experiments: { externalRuntime: true, optimization },
      }
    : {
        name,
        remotes: {},
        shared: sharedSingletons(pkg),
        dts: false,
        manifest: false,
        experiments: { provideExternalRuntime: true, optimization },
      };
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
        new ModuleFederationPlugin(federation),
        ...(exposes ? [new StandaloneRuntimePlugin()] : []),
      ],
      performance: { hints: false },
    };
    if (!exposes) return config;
    // A remote's standalone page needs the runtime the shell otherwise provides: federation-runtime.js, built after
    // the bundle (whose output.clean would remove it) into the same folder.
    const runtime = {
      name: `${name}-federation-runtime`,
      dependencies: [name],
      mode: config.mode,
      context: dir,
      entry: { 'federation-runtime': fileURLToPath(new URL('./federation-runtime.mjs', import.meta.url)) },
      target: ['web', 'es2022'],
      devtool: false,
      output: { path: path.resolve(dir, 'dist'), filename: '[name].js', clean: false },
      performance: { hints: false },
    };
    return [config, runtime];
  };
}

/** Loads federation-runtime.js first on a remote's standalone page (its HtmlRspackPlugin page). */
class StandaloneRuntimePlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StandaloneRuntimePlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'StandaloneRuntimePlugin',
        async (data) => ({
          ...data,
          html: data.html.replace('<head>', '<head><script src="/federation-runtime.js"></script>'),
        }),
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
      // Readable stack traces on the server; the size does not matter there.
      optimization: { minimize: false },
      resolve: {
        alias: {
          '@pencraft/rules$': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)),
          '@pencraft/api-client$': fileURLToPath(new URL('../api-client/src/index.ts', import.meta.url)),
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
