// The editor: a Module Federation remote, served under /mf/editor/ and found by the shell through its
// mf-manifest.json. `npm start` also serves a standalone page on its own port for development.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default frontendConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'editor',
  publicPath: 'auto',
  // Its page, navigation entry and namespace (src/routes.ts); the page itself loads from there.
  exposes: { './routes': './src/routes.ts' },
  // The standalone page only (the shell never loads it).
  plugins: [new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/', scriptLoading: 'defer' })],
});
