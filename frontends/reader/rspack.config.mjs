// The reader: a Module Federation remote, served under /mf/reader/ and found by the shell through its
// mf-manifest.json. `npm start` also serves a standalone page on its own port for development.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default frontendConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'reader',
  publicPath: 'auto',
  // Its pages, navigation entries and namespaces (src/routes.ts); the pages themselves load from there.
  exposes: { './routes': './src/routes.ts' },
  plugins: [
    // The standalone page only (the shell never loads it).
    new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/', scriptLoading: 'defer' }),
  ],
});
