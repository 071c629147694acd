// Log hygiene for the suites that run real processes (integration, chaos, e2e): no log line written during the run
// may hold a password, an e-mail address, a password hash or a session token. The suites' global setup marks where
// each log under .run/test/logs ends (startLogWatch); their global teardown reads what was appended since and fails
// on a hit (assertCleanLogs). What counts as secret: every e-mail address and argon2 hash by shape, session cookies,
// the seeded and test passwords (string literals after `password:` in the test sources and the seed), and every
// value the suites hand to rememberSecret (the API client does it for sign-up fields and session cookies).
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stack, type Stack } from './stack.ts';

// Each stack (each integration worker's slot) keeps its own marks and remembered secrets; the checks read them all.
const offsetsFile = (s: Stack) => join(s.runDir, 'log-hygiene.offsets.json');
const rememberedFile = (s: Stack) => join(s.runDir, 'log-hygiene.secrets.jsonl');
/** Where the test sources keep their passwords (and the seed its demo password). */
const SOURCE_DIRS = [
  'tests',
  'packages/devstack/seed',
  ...readdirSync(join(stack.root, 'services')).map((name) => join('services', name, 'test')),
];

const SHAPES: { what: string; pattern: RegExp }[] = [
  { what: 'an e-mail address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  { what: 'a password hash', pattern: /\$argon2(?:id|i|d)\$|\$2[aby]\$\d\d\$/ },
  { what: 'a session cookie', pattern: /pc_su=[A-Za-z0-9_-]{20,}/ },
];

export interface LogLeak {
  file: string;
  line: number;
  what: string;
  excerpt: string;
}

/** Call from a global setup: remembers where every log of the stacks ends, so only this run's lines are read. */
export function startLogWatch(stacks: Stack[] = [stack]): void {
  for (const s of stacks) {
    mkdirSync(s.logDir, { recursive: true });
    const offsets: Record<string, number> = {};
    for (const file of logFiles(s)) offsets[file] = statSync(join(s.logDir, file)).size;
    writeFileSync(offsetsFile(s), JSON.stringify(offsets));
    writeFileSync(rememberedFile(s), '');
  }
}

/** A value that must never appear in a log line (a password, an e-mail, a name, a token a test used). */
export function rememberSecret(...values: (string | undefined)[]): void {
  const kept = values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 6);
  if (kept.length === 0) return;
  mkdirSync(stack.runDir, { recursive: true });
  appendFileSync(rememberedFile(stack), kept.map((v) => `${JSON.stringify(v)}\n`).join(''));
}

/** Every line appended to the stacks' logs since startLogWatch that holds a secret (any stack's remembered ones). */
export function findLogLeaks(stacks: Stack[] = [stack]): LogLeak[] {
  const secrets = knownSecrets(stacks);
  const leaks: LogLeak[] = [];
  for (const s of stacks) leaks.push(...leaksIn(s, secrets));
  return leaks;
}

function leaksIn(s: Stack, secrets: string[]): LogLeak[] {
  const marks = offsetsFile(s);
  const offsets = existsSync(marks) ? (JSON.parse(readFileSync(marks, 'utf8')) as Record<string, number>) : {};
  const leaks: LogLeak[] = [];
  for (const file of logFiles(s)) {
    const text = readFileSync(join(s.logDir, file))
      .subarray(offsets[file] ?? 0)
      .toString('utf8');
    text.split('\n').forEach((line, index) => {
      const shape = SHAPES.find(({ pattern }) => pattern.test(line));
      const secret = shape ? undefined : secrets.find((value) => holdsToken(line, value));
      if (!shape && secret === undefined) return;
      const what = shape?.what ?? `the test secret ${JSON.stringify(secret)}`;
      leaks.push({
        file: relative(s.root, join(s.logDir, file)),
        line: index + 1,
        what,
        excerpt: line.slice(0, 300),
      });
    });
  }
  return leaks;
}

/** Call from a global teardown: throws, naming each file and line, when a log line holds a secret. */
export function assertCleanLogs(stacks: Stack[] = [stack]): void {
  const leaks = findLogLeaks(stacks);
  if (leaks.length === 0) return;
  const shown = leaks.slice(0, 20).map((l) => `  ${l.file} (line ${l.line} of this run): ${l.what}\n    ${l.excerpt}`);
  const message = `log hygiene: ${leaks.length} log line(s) of this run hold secrets:\n${shown.join('\n')}${leaks.length > 20 ? '\n  …' : ''}`;
  // Also for make test (tests/run.sh): a second attempt of a failed suite must not hide a leak of the first.
  const reports = join(stack.root, '.run', 'test-reports');
  if (existsSync(reports)) appendFileSync(join(reports, 'log-leaks.txt'), `${message}\n`);
  throw new Error(message);
}

/**
 * Whether the line holds the value as a token of its own: not inside a longer run of letters and digits, so a
 * six-digit code a test used is not "found" inside a random trace id (`…ab2472467a9c…`) that happens to contain it.
 */
export function holdsToken(line: string, value: string): boolean {
  const edge = /[A-Za-z0-9]/;
  for (let at = line.indexOf(value); at !== -1; at = line.indexOf(value, at + 1)) {
    const before = line[at - 1];
    const after = line[at + value.length];
    const openStart = !edge.test(value[0]!) || before === undefined || !edge.test(before);
    const openEnd = !edge.test(value[value.length - 1]!) || after === undefined || !edge.test(after);
    if (openStart && openEnd) return true;
  }
  return false;
}

function logFiles(s: Stack): string[] {
  if (!existsSync(s.logDir)) return [];
  return readdirSync(s.logDir).filter((f) => f.endsWith('.log'));
}

function knownSecrets(stacks: Stack[]): string[] {
  const remembered = stacks.flatMap((s) =>
    existsSync(rememberedFile(s))
      ? readFileSync(rememberedFile(s), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as string)
      : [],
  );
  return [...new Set([...remembered, ...passwordsInSources()])];
}

/** `password: '…'` and `"password": "…"` literals of the test sources and the seed: the passwords the runs use. */
function passwordsInSources(): string[] {
  const found = new Set<string>();
  const literal = /["']?password["']?\s*:\s*(["'`])([^"'`\n]{6,})\1/g;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|tsx|json)$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(literal)) {
          if (!match[2]!.includes('${')) found.add(match[2]!);
        }
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(stack.root, dir))) visit(join(stack.root, dir));
  return [...found];
}
