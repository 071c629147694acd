// Detached processes with pid files and logs under .run/<profile>/, and the careful way to stop them:
// only a pid this tool wrote, only while /proc/<pid>/cmdline still shows the program it started.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Stack } from './registry.ts';

export type Env = Record<string, string>;

/**
 * What must still be true of a pid before it is signalled: every string appears in its command line, and where it
 * names alternatives, every string of one of them (a static frontend runs in a static server or in the gateway).
 */
export interface Identity {
  cmdlineIncludes: string[];
  alternatives?: string[][];
}

export function pidFile(stack: Stack, name: string): string {
  return join(stack.runDir, `${name}.pid`);
}

export function logFile(stack: Stack, name: string): string {
  return join(stack.logDir, `${name}.log`);
}

export function ensureRunDirs(stack: Stack): void {
  mkdirSync(stack.logDir, { recursive: true });
  mkdirSync(stack.dataDir, { recursive: true });
}

export function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 1 ? pid : undefined;
}

export function writePid(file: string, pid: number): void {
  writeFileSync(file, `${pid}\n`);
}

export function removePid(file: string, onlyIf?: number): void {
  if (onlyIf !== undefined && readPid(file) !== onlyIf) return;
  rmSync(file, { force: true });
}

/** Alive and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

export function cmdlineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

export function isSameProgram(pid: number, identity: Identity): boolean {
  if (!isAlive(pid)) return false;
  const cmdline = cmdlineOf(pid);
  if (cmdline === undefined || !identity.cmdlineIncludes.every((part) => cmdline.includes(part))) return false;
  return identity.alternatives?.some((parts) => parts.every((part) => cmdline.includes(part))) ?? true;
}

export type Tracked = { state: 'running'; pid: number } | { state: 'stopped' };

/**
 * The process behind a pid file, if it is still the program that was started.
 * A pid file whose process is gone or has become something else is stale and removed.
 */
export function tracked(file: string, identity: Identity): Tracked {
  const pid = readPid(file);
  if (pid === undefined) {
    if (existsSync(file)) removePid(file);
    return { state: 'stopped' };
  }
  if (isSameProgram(pid, identity)) return { state: 'running', pid };
  removePid(file);
  return { state: 'stopped' };
}

export interface SpawnOptions {
  command: string;
  args: string[];
  env: Env;
  cwd: string;
  log: string;
}

/** Environment every child gets besides its own: enough to find binaries and temp dirs, nothing of the caller's config. */
export function baseEnv(): Env {
  const env: Env = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** Starts a process in its own session (so it outlives the caller and ^C of the caller), output appended to `log`. */
export function spawnDetached(options: SpawnOptions): ChildProcess {
  const fd = openSync(options.log, 'a');
  try {
    writeSync(fd, `\n=== ${new Date().toISOString()} ${options.command} ${options.args.join(' ')}\n`);
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', fd, fd],
    });
    child.unref();
    return child;
  } finally {
    closeSync(fd);
  }
}

/** Resolves once the spawned child has exited (or failed to start), with its code or signal. */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  // A detached child is unref'd so it does not hold the caller open; while awaited it must.
  child.ref();
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      child.unref();
      resolve({ code, signal });
    });
    child.once('error', () => resolve({ code: -1, signal: null }));
  });
}

export interface WaitOptions {
  timeoutMs: number;
  /** Between checks (50 ms): the checks wait on local processes, where a short poll costs little. */
  intervalMs?: number;
  /** Returns a reason to give up early (e.g. the process exited). */
  abort?: () => string | undefined;
}

/** Polls `check` until it is true; false on timeout; throws the abort reason if `abort` returns one. */
export async function waitUntil(check: () => Promise<boolean> | boolean, options: WaitOptions): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check()) return true;
    const reason = options.abort?.();
    if (reason !== undefined) throw new Error(reason);
    if (Date.now() >= deadline) return false;
    await sleep(options.intervalMs ?? 50);
  }
}

export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  return waitUntil(() => !isAlive(pid), { timeoutMs, intervalMs: 25 });
}

function signal(pid: number, sig: NodeJS.Signals, group: boolean): void {
  try {
    process.kill(group ? -pid : pid, sig);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function leadsItsGroup(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]) === pid;
  } catch {
    return false;
  }
}

export interface TerminateOptions {
  signal?: NodeJS.Signals;
  timeoutMs?: number;
}

/**
 * Sends `signal` (SIGTERM) to a verified pid, waits, then SIGKILLs it and whatever is left of its process group.
 * Returns how it ended: 'exited', 'killed' or 'not-running'.
 */
export async function terminate(
  pid: number,
  identity: Identity,
  options: TerminateOptions = {},
): Promise<'exited' | 'killed' | 'not-running'> {
  if (!isSameProgram(pid, identity)) return 'not-running';
  const group = leadsItsGroup(pid);
  signal(pid, options.signal ?? 'SIGTERM', false);
  if (await waitGone(pid, options.timeoutMs ?? 15_000)) return 'exited';
  // Recheck: the pid is still ours (it has not exited), so the group is too.
  if (isSameProgram(pid, identity)) signal(pid, 'SIGKILL', group);
  await waitGone(pid, 5_000);
  return 'killed';
}

export function logTail(file: string, lines = 40): string {
  if (!existsSync(file)) return `(no log at ${file})`;
  const size = statSync(file).size;
  const length = Math.min(size, 64 * 1024);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, size - length);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * The process listening on a TCP port (IPv4 or IPv6, any address), read from /proc: the socket's inode in
 * /proc/net/tcp{,6}, then the process whose descriptors hold it. Undefined when nothing listens or the holder is not
 * visible to this user.
 */
export function portHolder(port: number): { pid: number; cmdline: string } | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // st 0A: LISTEN; the port is the local address's hex after the colon.
      if (fields[3] === '0A' && local && Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) {
        if (fields[9] && fields[9] !== '0') inodes.add(fields[9]);
      }
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return { pid, cmdline: cmdlineOf(pid) ?? '(unknown)' };
    }
  }
  return undefined;
}

/** Who holds a port, for an error: the pid and command line, or how to find them. */
export function holderOf(port: number): string {
  const holder = portHolder(port);
  return holder
    ? `pid ${holder.pid} (${holder.cmdline})`
    : `another process (find it with: ss -ltnp 'sport = :${port}')`;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The status of GET url, or undefined when nothing answers in time. */
export async function httpStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return undefined;
  }
}

/** Runs a command to completion, capturing its output. */
export function run(
  command: string,
  args: string[],
  options: { env?: Env; cwd?: string; input?: string } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? baseEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, output: Buffer.concat(chunks).toString('utf8') }));
    // A command that exits before reading its input closes the pipe: that is not our failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
