// Writes services/gateway/openapi.json from the route declarations and, when the document changed, regenerates the
// typed client from it (packages/api-client). The gateway's build runs it, so neither can be forgotten; an unchanged
// document is not rewritten (the tree-level build would otherwise always look stale). With --check, only says whether
// the document on disk is current (make test, which also fails when the build left either file differing from git).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes } from '../http/route.js';
import { openApiJson } from './openapi.js';

const file = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const fresh = GatewayModule && openApiJson(declaredRoutes());
function onDisk() {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // missing: stale
  }
}

if (process.argv.includes('--check')) {
  if (onDisk() !== fresh) {
    process.stderr.write(
      'services/gateway/openapi.json is stale: build the gateway (`npm run build -w @pencraft/gateway` regenerates it and the typed client) and commit both\n',
    );
    process.exit(1);
  }
  process.stdout.write('services/gateway/openapi.json is current\n');
} else if (onDisk() === fresh) {
  process.stdout.write('services/gateway/openapi.json is current\n');
} else {
  writeFileSync(file, fresh);
  process.stdout.write(`wrote ${file} (${declaredRoutes().length} routes); regenerating the typed client\n`);
  execFileSync('npm', ['run', '--silent', 'generate', '-w', '@pencraft/api-client'], { stdio: 'inherit' });
}
