// The publication studio: a Module Federation remote, served under /mf/studio/ and found by the shell through its
// mf-manifest.json (loaded only under /studio, its mount). `npm start` also serves a standalone page on its own port.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default frontendConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'studio',
  publicPath: 'auto',
  // Its pages and namespace (src/routes.ts); each page loads from there.
  exposes: { './routes': './src/routes.ts' },
  // The standalone page only (the shell never loads it).
  plugins: [new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: '/', scriptLoading: 'defer' })],
});
