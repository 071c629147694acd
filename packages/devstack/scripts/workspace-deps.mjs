#!/usr/bin/env node
// The workspaces a workspace needs, in build order (dependencies first, the named workspaces last), one per line:
//   node packages/devstack/scripts/workspace-deps.mjs services/articles            # to build it (devDependencies too)
//   node packages/devstack/scripts/workspace-deps.mjs --runtime services/articles  # to run it (dependencies only)
// Used by services/Dockerfile, frontends/Dockerfile and the Tiltfile, so a new shared package is built and shipped
// without touching them. Plain JavaScript: it runs in the image's build stage before anything is compiled.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

function workspaces() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const pattern of manifest.workspaces) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(pattern.slice(0, -2), entry.name))
      : [pattern];
    for (const dir of dirs) {
      const file = join(root, dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      byName.set(pkg.name, { dir, pkg });
    }
  }
  return byName;
}

export function workspaceDeps(targets, { runtime = false } = {}) {
  const byName = workspaces();
  const byDir = new Map([...byName.values()].map((w) => [w.dir, w]));
  const order = [];
  const visiting = new Set();
  const visit = (workspace) => {
    if (order.includes(workspace.dir)) return;
    if (visiting.has(workspace.dir)) throw new Error(`dependency cycle through ${workspace.dir}`);
    visiting.add(workspace.dir);
    const { dependencies = {}, devDependencies = {} } = workspace.pkg;
    const names = Object.keys(runtime ? dependencies : { ...dependencies, ...devDependencies }).sort();
    for (const name of names) if (byName.has(name)) visit(byName.get(name));
    visiting.delete(workspace.dir);
    order.push(workspace.dir);
  };
  for (const target of targets) {
    const workspace = byDir.get(relative(root, resolve(root, target))) ?? byName.get(target);
    if (!workspace) throw new Error(`${target} is not a workspace of ${join(root, 'package.json')}`);
    visit(workspace);
  }
  return order;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const runtime = args.includes('--runtime');
  const targets = args.filter((arg) => !arg.startsWith('--'));
  if (targets.length === 0) {
    process.stderr.write('usage: workspace-deps.mjs [--runtime] <workspace dir or name>...\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${workspaceDeps(targets, { runtime }).join('\n')}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
