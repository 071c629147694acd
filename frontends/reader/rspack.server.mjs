// The reader's server rendering (server/renderer.tsx) built for Node into dist-server/renderer.cjs, loaded by the
// static server in renderer mode (RENDERER=...; see packages/static-server/README.md).
import { rendererConfig } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default rendererConfig({ dir: path.dirname(fileURLToPath(import.meta.url)), entry: './server/renderer.tsx' });
