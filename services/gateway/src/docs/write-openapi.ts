// Writes services/gateway/openapi.json (the site's API) and services/gateway/openapi-v1.json (the partner surface,
// /api/v1) from the route declarations and, when either changed, regenerates the typed client from them
// (packages/api-client: src/schema.ts and src/v1-schema.ts). The gateway's build runs it, so none can be forgotten;
// an unchanged document is not rewritten (the tree-level build would otherwise always look stale). With --check, only
// says whether the documents on disk are current (make test, which also fails when the build left a file differing
// from git).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayModule } from '../gateway.module.js';
import { declaredRoutes } from '../http/route.js';
import { openApiJson, partnerOpenApiJson } from './openapi.js';

const documents = [
  { name: 'services/gateway/openapi.json', write: openApiJson },
  { name: 'services/gateway/openapi-v1.json', write: partnerOpenApiJson },
].map(({ name, write }) => ({
  name,
  file: fileURLToPath(new URL(`../../${name.split('/').pop()}`, import.meta.url)),
  fresh: GatewayModule && write(declaredRoutes()),
}));

function onDisk(file: string) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // missing: stale
  }
}

const stale = documents.filter((document) => onDisk(document.file) !== document.fresh);

if (process.argv.includes('--check')) {
  for (const document of stale) {
    process.stderr.write(
      `${document.name} is stale: build the gateway (\`npm run build -w @pencraft/gateway\` regenerates it and the typed client) and commit both\n`,
    );
  }
  if (stale.length > 0) process.exit(1);
  process.stdout.write(`${documents.map((d) => d.name).join(' and ')} are current\n`);
} else if (stale.length === 0) {
  process.stdout.write(`${documents.map((d) => d.name).join(' and ')} are current\n`);
} else {
  for (const document of stale) {
    writeFileSync(document.file, document.fresh);
    process.stdout.write(`wrote ${document.file}\n`);
  }
  process.stdout.write(`(${declaredRoutes().length} routes); regenerating the typed client\n`);
  execFileSync('npm', ['run', '--silent', 'generate', '-w', '@pencraft/api-client'], { stdio: 'inherit' });
}
