import { performance } from 'node:perf_hooks';

/**
 * Gives memory back once a process has gone idle after work (issue #19: idle services must not hold memory they do not
 * use). V8 keeps the pages its collections free in a pool, and its memory reducer, which would release them, judges
 * the allocation rate from the last collections: in a process that stopped allocating, that is the rate under load,
 * so it waits forever (Node has no API to tell V8 the process went idle, as a browser does). Measured in a process
 * that held 190 MiB after 8 s of load: a regular full collection leaves it at 195 MiB; the memory-reducing one
 * ('last-resort') brings it to 118 MiB, in about 100-300 ms of the main thread.
 *
 * The event loop's utilization is sampled every `intervalMs`; after any busy sample (and after the boot), once it has
 * stayed under `idleBelow` for `idleMs`, one memory-reducing collection runs; the next waits for more work. It needs
 * V8's gc function (node --expose-gc, which the dev stack and the chart give services and the gateway); without it,
 * nothing runs.
 *
 * After a collection that followed work (a busy sample, not only the boot), glibc's malloc is asked to give back the
 * pages of the blocks freed meanwhile (`malloc_trim`): it keeps them otherwise, and under load the gateway and the
 * reader free tens of MiB of them (TLS and HTTP/2 buffers, sockets' reads). Node has no call for it; koffi (an FFI
 * library) makes one, loaded at the first such release (about 4 MiB), so a process that only booted and answers probes
 * never loads it. Without glibc (or koffi), nothing is trimmed.
 */
export interface IdleMemoryOptions {
  /** How often the event loop's utilization is sampled (ms). */
  intervalMs?: number;
  /** How long it must stay idle after work before memory is released (ms). */
  idleMs?: number;
  /** A sample under this share of the loop's time counts as idle (probes and scrapes take well under 1%). */
  idleBelow?: number;
  /** V8's gc function; globalThis.gc by default (present under --expose-gc). */
  gc?: GcFunction;
  /** The loop's utilization since the previous call (0-1); from perf_hooks by default. */
  utilization?: () => number;
  now?: () => number;
  /** glibc's malloc_trim(0), made at the first release after work; undefined where there is none (default: koffi's). */
  loadTrim?: () => Promise<TrimFunction | undefined>;
  /** Told after each release, with the resident memory before and after (bytes), and whether malloc was trimmed. */
  onRelease?: (released: { rssBefore: number; rssAfter: number; ms: number; trimmed: boolean }) => void;
}

/** Gives malloc's free pages back to the system (glibc's `malloc_trim(0)`). */
export type TrimFunction = () => void;

/** glibc's malloc_trim through koffi; undefined without glibc or koffi (the release then only collects). */
export async function loadMallocTrim(): Promise<TrimFunction | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const module = await import('koffi');
    // (Its CommonJS build where the reader's bundle requires it: the namespace's default, or the module itself.)
    const koffi = (module.default ?? module) as typeof module.default;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => void trim(0);
  } catch {
    return undefined;
  }
}

export type GcFunction = (options: {
  type: 'major';
  execution: 'async';
  flavor: 'last-resort';
}) => Promise<void> | void;

export interface IdleMemoryRelease {
  /** One sample; the timer calls it every intervalMs (exposed for tests). Resolves once a release is done. */
  tick(): Promise<void>;
  stop(): void;
}

function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(current, last).utilization;
    last = current;
    return share;
  };
}

/** Starts watching the event loop; undefined when V8's gc function is not available. */
export function startIdleMemoryRelease(options: IdleMemoryOptions = {}): IdleMemoryRelease | undefined {
  const gc = options.gc ?? (globalThis as { gc?: GcFunction }).gc;
  if (typeof gc !== 'function') return undefined;
  const intervalMs = options.intervalMs ?? 5_000;
  const idleMs = options.idleMs ?? 20_000;
  const idleBelow = options.idleBelow ?? 0.02;
  const utilization = options.utilization ?? loopUtilization();
  const now = options.now ?? Date.now;
  const loadTrim = options.loadTrim ?? loadMallocTrim;
  // The boot counts as work: what it left behind is released once the process is first idle.
  let worked = true;
  // Whether any sample was busy: trimming waits for work after the start (a process that only booted frees little).
  let busySeen = false;
  let trim: Promise<TrimFunction | undefined> | undefined;
  let idleSince: number | undefined;
  let releasing = false;

  const tick = async () => {
    if (releasing) return;
    if (utilization() >= idleBelow) {
      worked = true;
      busySeen = true;
      idleSince = undefined;
      return;
    }
    if (!worked) return;
    idleSince ??= now();
    if (now() - idleSince < idleMs) return;
    worked = false;
    idleSince = undefined;
    releasing = true;
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    let trimmed = false;
    try {
      await gc({ type: 'major', execution: 'async', flavor: 'last-resort' });
      if (busySeen) {
        trim ??= loadTrim().catch(() => undefined);
        const trimNow = await trim;
        trimNow?.();
        trimmed = trimNow !== undefined;
      }
    } finally {
      releasing = false;
      // The collection's own time is not work: the next samples start after it.
      utilization();
    }
    options.onRelease?.({ rssBefore, rssAfter: process.memoryUsage.rss(), ms: performance.now() - started, trimmed });
  };
  // A failed collection is not the process's failure: the next idle period tries again.
  const timer = setInterval(() => void tick().catch(() => undefined), intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
