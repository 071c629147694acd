// Writes services/gateway/openapi.json from the route declarations (`npm run openapi -w @pencraft/gateway`);
// with --check, only says whether the committed document is current (make test).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes } from '../http/route.js';
import { openApiJson } from './openapi.js';

const file = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const fresh = GatewayModule && openApiJson(declaredRoutes());
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing: stale
  }
  if (committed !== fresh) {
    process.stderr.write(
      'services/gateway/openapi.json is stale: run `npm run openapi -w @pencraft/gateway` and commit it\n',
    );
    process.exit(1);
  }
  process.stdout.write('services/gateway/openapi.json is current\n');
} else {
  writeFileSync(file, fresh);
  process.stdout.write(`wrote ${file} (${declaredRoutes().length} routes)\n`);
}
