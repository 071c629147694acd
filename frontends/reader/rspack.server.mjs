// The reader's server rendering (server/renderer.tsx) built for Node into dist-server/renderer.cjs, loaded by the
// static server in renderer mode (RENDERER=...; see packages/static-server/README.md). `react-i18next` is the
// server's (server/react-i18next.mjs: one translation answer per namespace, not one per component).
import { rendererConfig } from '@pencraft/frontend-build';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const build = rendererConfig({ dir, entry: './server/renderer.tsx' });

export default (env, argv) => {
  const config = build(env, argv);
  config.resolve.alias = {
    ...config.resolve.alias,
    'react-i18next$': path.join(dir, 'server/react-i18next.mjs'),
    'pencraft-react-i18next-real$': path.join(
      path.dirname(require.resolve('react-i18next/package.json')),
      'dist/es/index.js',
    ),
  };
  return config;
};
