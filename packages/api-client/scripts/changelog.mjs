#!/usr/bin/env node
// CHANGELOG.md of the SDK, generated from the OpenAPI diff of the partner surface (issue #18):
//   npm run changelog -w @pencraft/api-client [-- --check] [-- --base <git-ref>]
// Each released version keeps a snapshot of the partner document it shipped with (api-history/<version>.json),
// written once, when package.json first names that version, and never rewritten: it is the baseline make test's
// breaking-change check compares the document with (tests/run.sh). A version's section is `oasdiff changelog` from
// the previous version's snapshot (an empty document before the first) to its own; what changed since the current
// version's snapshot is listed under "Unreleased" (--base compares it with that git ref's document instead). With
// --check nothing is written: it fails when CHANGELOG.md is not what this would write. Idempotent.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(pkgDir, '..', '..');
const V1_DOCUMENT = 'services/gateway/openapi-v1.json';
/** Until the gateway writes the partner document of its own, its /api/v1 paths in the whole document. */
const WHOLE_DOCUMENT = 'services/gateway/openapi.json';
const PARTNER_PATHS = '^/api/v1/';
const oasdiff = process.env.OASDIFF ?? join(root, '.tools/bin/oasdiff');
const history = join(pkgDir, 'api-history');
const changelog = join(pkgDir, 'CHANGELOG.md');
const EMPTY = `${JSON.stringify({ openapi: '3.0.3', info: { title: 'Pencraft partner API', version: '0' }, paths: {} })}\n`;

const args = process.argv.slice(2);
const baseRef = args.includes('--base') ? args[args.indexOf('--base') + 1] : undefined;
const check = args.includes('--check');
const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

/** The components the paths refer to, directly or through other components (the rest is the site's). */
function reachable(components, paths) {
  const kept = {};
  const pending = [paths];
  while (pending.length > 0) {
    const text = JSON.stringify(pending.pop());
    for (const [, kind, name] of text.matchAll(/"#\/components\/([A-Za-z]+)\/([^"]+)"/g)) {
      kept[kind] ??= {};
      if (kept[kind][name] || !components[kind]?.[name]) continue;
      kept[kind][name] = components[kind][name];
      pending.push(kept[kind][name]);
    }
  }
  return { ...kept, ...(components.securitySchemes ? { securitySchemes: components.securitySchemes } : {}) };
}

/** The partner document now: its own file, or the /api/v1 paths of the whole one (components kept for their refs). */
async function currentDocument() {
  let text;
  if (existsSync(join(root, V1_DOCUMENT))) text = readFileSync(join(root, V1_DOCUMENT), 'utf8');
  else if (existsSync(join(root, WHOLE_DOCUMENT))) {
    const whole = JSON.parse(readFileSync(join(root, WHOLE_DOCUMENT), 'utf8'));
    const paths = Object.fromEntries(Object.entries(whole.paths).filter(([path]) => path.startsWith('/api/v1/')));
    text = JSON.stringify({ ...whole, paths, components: reachable(whole.components, paths) });
  } else throw new Error(`neither ${V1_DOCUMENT} nor ${WHOLE_DOCUMENT} exists: build the gateway first`);
  // Formatted as the repository formats JSON, so the snapshot passes the format check and is stable.
  const file = join(history, `${version}.json`);
  return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
}

function documentAt(ref) {
  for (const file of [V1_DOCUMENT, WHOLE_DOCUMENT]) {
    try {
      return execFileSync('git', ['show', `${ref}:${file}`], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch {
      // not at that ref: the next candidate, then the empty document
    }
  }
  return EMPTY;
}

const semver = (text) => text.split('.').map((part) => Number.parseInt(part, 10) || 0);
const byVersion = (a, b) => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

/** The markdown of `oasdiff changelog` between two documents, as the body of a version's section. */
function section(baseText, revisionText, work) {
  const base = join(work, 'base.json');
  const revision = join(work, 'revision.json');
  writeFileSync(base, baseText);
  writeFileSync(revision, revisionText);
  const out = execFileSync(oasdiff, ['changelog', base, revision, '-f', 'markdown', '-p', PARTNER_PATHS], {
    encoding: 'utf8',
  });
  const body = out
    .split('\n')
    .filter((line) => !/^# API Changelog/.test(line) && !/^## API Changes/.test(line))
    .join('\n')
    .replace(/^-\s+/gm, '- ')
    .replace(/^(#+ .*)\n(?!\n)/gm, '$1\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return body || '- No change to the partner surface.';
}

mkdirSync(history, { recursive: true });
const current = await currentDocument();
const snapshot = join(history, `${version}.json`);
// A released version's snapshot is frozen: only a version package.json names for the first time gets one.
if (!existsSync(snapshot)) {
  if (check) {
    process.stderr.write(`${snapshot} is missing: run npm run changelog -w @pencraft/api-client\n`);
    process.exit(1);
  }
  writeFileSync(snapshot, current);
}
const versions = readdirSync(history)
  .filter((name) => /^\d+\.\d+\.\d+\.json$/.test(name))
  .map((name) => name.slice(0, -'.json'.length))
  .sort(byVersion);

const work = mkdtempSync(join(tmpdir(), 'pencraft-changelog-'));
try {
  const sections = versions.map((v, i) => {
    const previous = i > 0 ? readFileSync(join(history, `${versions[i - 1]}.json`), 'utf8') : EMPTY;
    return `## ${v}\n\n${section(previous, readFileSync(join(history, `${v}.json`), 'utf8'), work)}\n`;
  });
  const released = readFileSync(snapshot, 'utf8');
  if (baseRef || released !== current) {
    const against = baseRef ? ` (against ${baseRef})` : ` (since ${version})`;
    sections.push(`## Unreleased${against}\n\n${section(baseRef ? documentAt(baseRef) : released, current, work)}\n`);
  }
  const text = [
    '# Changelog of @pencraft/api-client',
    '',
    'Generated from the OpenAPI diff of the partner surface (`/api/v1`, services/gateway/openapi-v1.json) by',
    '`npm run changelog -w @pencraft/api-client`; do not edit by hand. Each version lists what changed in the API it',
    'calls since the version before.',
    '',
    ...sections.reverse(),
  ].join('\n');
  if (check) {
    const current = existsSync(changelog) && readFileSync(changelog, 'utf8') === text;
    if (!current) process.stderr.write(`${changelog} is stale: run npm run changelog -w @pencraft/api-client\n`);
    process.exitCode = current ? 0 : 1;
    process.stdout.write(current ? `${changelog} is current\n` : '');
  }
  const changed = !check && writeIfChanged(changelog, text);
  if (check) process.exit(process.exitCode ?? 0);
  process.stdout.write(changed ? `wrote ${changelog}\n` : `${changelog} is current\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
