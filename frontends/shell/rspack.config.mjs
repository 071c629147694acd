// The shell: Module Federation host. No static remotes: they are read at run time from /remotes.json.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(path.resolve(dir, file), 'utf8'));
const pkg = readJson('package.json');
const ui = readJson('../../packages/ui/package.json');

/** The explicit list of singletons shared with every remote (same list in each frontend's config). */
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
const shared = {
  react: singleton(pkg.dependencies.react),
  'react/jsx-runtime': singleton(pkg.dependencies.react),
  'react-dom': singleton(pkg.dependencies['react-dom']),
  'react-dom/client': singleton(pkg.dependencies['react-dom']),
  'react-router': singleton(pkg.dependencies['react-router']),
  i18next: singleton(pkg.dependencies.i18next),
  'react-i18next': singleton(pkg.dependencies['react-i18next']),
  '@pencraft/ui': singleton(`^${ui.version}`),
};

/**
 * `remotes.json` is a plain file in dist, so a deployment can mount its own. At build time it comes from
 * PC_REMOTES (a JSON object), else from PC_REMOTE_<NAME> variables, else the /mf/<name>/ defaults.
 */
function remotesJson() {
  const remotes = {
    reader: process.env.PC_REMOTE_READER || '/mf/reader/mf-manifest.json',
    editor: process.env.PC_REMOTE_EDITOR || '/mf/editor/mf-manifest.json',
  };
  if (process.env.PC_REMOTES) Object.assign(remotes, JSON.parse(process.env.PC_REMOTES));
  return `${JSON.stringify(remotes, null, 2)}\n`;
}

class RemotesJsonPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemotesJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotesJsonPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('remotes.json', new compiler.webpack.sources.RawSource(remotesJson())),
      );
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.resolve(dir, 'dist'),
      publicPath: '/',
      uniqueName: 'shell',
      filename: 'assets/[name].[contenthash:10].js',
      chunkFilename: 'assets/[name].[contenthash:10].js',
      cssFilename: 'assets/[name].[contenthash:10].css',
      cssChunkFilename: 'assets/[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
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
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        templateParameters: { mainHost: process.env.PC_MAIN_HOST || 'pencraft.az' },
        scriptLoading: 'defer',
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared,
        dts: false,
        manifest: false,
      }),
      new RemotesJsonPlugin(),
    ],
    performance: { hints: false },
  };
};
