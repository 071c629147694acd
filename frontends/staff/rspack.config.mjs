// The staff console: a Module Federation remote, served under /mf/staff/ and found by the shell through its
// mf-manifest.json. `npm start` also serves a standalone page on its own port for development.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default frontendConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'staff',
  publicPath: 'auto',
  // Its pages, navigation entry and namespace (src/routes.ts); each page loads from there.
  exposes: { './routes': './src/routes.ts' },
  // The standalone page only (the shell never loads it).
  plugins: [new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/', scriptLoading: 'defer' })],
});
