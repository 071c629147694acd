#!/usr/bin/env node
// In the monorepo the package's types are its TypeScript sources (exports.*.types: ./src/*.ts), so the frontends
// type-check against them without a build. A published package must point at the declarations the build emits
// (./dist/*.d.ts): `npm pack` / `npm publish` run this with `pack` before packing (the manifest is rewritten, the
// original kept beside it) and with `restore` after.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(dir, 'package.json');
const backup = join(dir, 'package.json.workspace');

if (process.argv[2] === 'restore') {
  if (existsSync(backup)) renameSync(backup, manifest);
} else {
  const text = readFileSync(manifest, 'utf8');
  if (!existsSync(backup)) writeFileSync(backup, text);
  const pkg = JSON.parse(text);
  for (const entry of Object.values(pkg.exports)) {
    if (entry && typeof entry === 'object' && typeof entry.types === 'string') {
      entry.types = entry.types.replace(/^\.\/src\/(.*)\.ts$/, './dist/$1.d.ts');
    }
  }
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}
