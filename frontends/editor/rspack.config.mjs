// The editor: a Module Federation remote, served under /mf/editor/ and found by the shell through its
// mf-manifest.json. `npm start` also serves a standalone page on its own port for development.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(path.resolve(dir, file), 'utf8'));
const pkg = readJson('package.json');
const ui = readJson('../../packages/ui/package.json');

/** The explicit list of singletons shared with the shell (same list in each frontend's config). */
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
      // Chunks load relative to remoteEntry.js, wherever the remote is mounted.
      publicPath: 'auto',
      uniqueName: 'editor',
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
      // The standalone page only (the shell never loads it).
      new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/', scriptLoading: 'defer' }),
      new ModuleFederationPlugin({
        name: 'editor',
        filename: 'remoteEntry.js',
        exposes: {
          './Write': './src/exposes/Write.tsx',
        },
        shared,
        dts: false,
        manifest: true,
      }),
    ],
    performance: { hints: false },
  };
};
