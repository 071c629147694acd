import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMallocTrim, startIdleMemoryRelease, type GcFunction } from './idle-memory.js';

/** A release driven by hand: the loop's utilization per sample and the clock are the test's. */
function harness(options: { idleMs?: number; noTrim?: boolean } = {}) {
  const samples: number[] = [];
  let clock = 0;
  const calls: Parameters<GcFunction>[0][] = [];
  const released: number[] = [];
  const trimmed: boolean[] = [];
  /** How often the trim was loaded, and called. */
  const trims = { loaded: 0, called: 0 };
  const release = startIdleMemoryRelease({
    intervalMs: 60_000,
    idleMs: options.idleMs ?? 20_000,
    gc: (gcOptions) => {
      calls.push(gcOptions);
      return Promise.resolve();
    },
    utilization: () => samples.shift() ?? 0,
    now: () => clock,
    loadTrim: () => {
      trims.loaded += 1;
      return Promise.resolve(options.noTrim ? undefined : () => void (trims.called += 1));
    },
    onRelease: (result) => {
      released.push(result.ms);
      trimmed.push(result.trimmed);
    },
  })!;
  /** One sample of the given utilization, `advance` ms after the previous one. */
  const sample = async (share: number, advance = 5_000) => {
    clock += advance;
    samples.push(share);
    await release.tick();
  };
  return { release, sample, calls, released, trimmed, trims };
}

describe('startIdleMemoryRelease', () => {
  it('does nothing without V8’s gc function (node without --expose-gc)', () => {
    expect(startIdleMemoryRelease({ gc: undefined as unknown as GcFunction })).toBeUndefined();
  });

  it('releases once, with a memory-reducing collection, when the loop has been idle long enough after the boot', async () => {
    const { release, sample, calls, released } = harness();
    await sample(0.001); // idle from here
    for (let i = 0; i < 3; i += 1) await sample(0.005);
    expect(calls).toHaveLength(0); // 15 s of idle
    await sample(0.005); // 20 s
    expect(calls).toEqual([{ type: 'major', execution: 'async', flavor: 'last-resort' }]);
    expect(released).toHaveLength(1);
    // Still idle: nothing more until there has been work again.
    for (let i = 0; i < 10; i += 1) await sample(0.001);
    expect(calls).toHaveLength(1);
    release.stop();
  });

  it('waits for a whole idle period after each busy sample, and releases again after new work', async () => {
    const { release, sample, calls } = harness();
    await sample(0.001);
    await sample(0.001);
    await sample(0.5); // work: the idle period starts again
    for (let i = 0; i < 4; i += 1) await sample(0.01);
    expect(calls).toHaveLength(0);
    await sample(0.01);
    expect(calls).toHaveLength(1);
    await sample(0.3); // more work
    for (let i = 0; i < 5; i += 1) await sample(0.0);
    expect(calls).toHaveLength(2);
    release.stop();
  });

  it('trims malloc after a release that followed work, loading the trim once, and not after the boot alone', async () => {
    const { release, sample, calls, trimmed, trims } = harness({ idleMs: 10_000 });
    for (let i = 0; i < 3; i += 1) await sample(0.001); // the boot's release: no work seen yet
    expect(calls).toHaveLength(1);
    expect(trims).toEqual({ loaded: 0, called: 0 });
    await sample(0.4); // work
    for (let i = 0; i < 3; i += 1) await sample(0.001);
    await sample(0.2); // more work
    for (let i = 0; i < 3; i += 1) await sample(0.001);
    expect(calls).toHaveLength(3);
    expect(trims).toEqual({ loaded: 1, called: 2 });
    expect(trimmed).toEqual([false, true, true]);
    release.stop();
  });

  it('still collects where there is no trim (no glibc, or koffi missing)', async () => {
    const { release, sample, calls, trimmed, trims } = harness({ idleMs: 5_000, noTrim: true });
    await sample(0.5);
    await sample(0.001);
    await sample(0.001);
    expect(calls).toHaveLength(1);
    expect(trims.loaded).toBe(1);
    expect(trimmed).toEqual([false]);
    release.stop();
  });

  it('counts a loop kept busy by light but steady work as not idle', async () => {
    const { release, sample, calls } = harness();
    for (let i = 0; i < 20; i += 1) await sample(0.03);
    expect(calls).toHaveLength(0);
    release.stop();
  });

  it('gives pages back with the real gc: a process that churned through memory ends far smaller', () => {
    // The built module in a fresh node --expose-gc, as the services run it: 8 s of load in the synthetic measured
    // above is shortened to a churn of about 150 MiB, then one release.
    const module = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'lifecycle', 'idle-memory.js');
    const script = `
      const { startIdleMemoryRelease } = await import(${JSON.stringify(module)});
      let keep = [];
      for (let round = 0; round < 6; round++) {
        keep = [];
        for (let i = 0; i < 100000; i++) keep.push({ i, text: 'x'.repeat(200) + i });
      }
      keep = undefined;
      let result;
      const release = startIdleMemoryRelease({ idleMs: 0, utilization: () => 0, onRelease: (r) => { result = r; } });
      await release.tick();
      release.stop();
      process.stdout.write(JSON.stringify(result));
    `;
    const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    const { rssBefore, rssAfter } = JSON.parse(output) as { rssBefore: number; rssAfter: number };
    expect(rssBefore - rssAfter).toBeGreaterThan(30 * 1024 * 1024);
  });

  it('makes the real trim here (glibc on Linux)', async () => {
    const trim = await loadMallocTrim();
    expect(trim).toBeInstanceOf(Function);
    expect(() => trim!()).not.toThrow();
  });

  it('gives malloc’s freed pages back with the real trim: native memory freed in the middle of the heap is returned', () => {
    // Small native blocks (below malloc's mmap threshold) filling the heap, most of them freed: without the trim glibc
    // keeps their pages; with it they go back. The same churn and release run twice, with and without the trim.
    const module = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'lifecycle', 'idle-memory.js');
    const anonymousAfter = (withTrim: boolean) => {
      const script = `
        const { readFileSync } = await import('node:fs');
        const { startIdleMemoryRelease } = await import(${JSON.stringify(module)});
        let keep = [];
        for (let i = 0; i < 20000; i++) keep.push(Buffer.allocUnsafeSlow(4096 + (i % 7) * 512));
        keep = keep.filter((_, i) => i % 50 === 0);
        const samples = [0.5, 0];
        const release = startIdleMemoryRelease({
          idleMs: 0,
          utilization: () => samples.shift() ?? 0,
          ${withTrim ? '' : 'loadTrim: async () => undefined,'}
        });
        await release.tick();
        await release.tick();
        release.stop();
        const anonymous = Number(/RssAnon:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
        process.stdout.write(JSON.stringify({ anonymous, kept: keep.length }));
      `;
      const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', MALLOC_ARENA_MAX: '2' },
      });
      return (JSON.parse(output) as { anonymous: number }).anonymous;
    };
    expect(anonymousAfter(false) - anonymousAfter(true)).toBeGreaterThan(40 * 1024 * 1024);
  });
});
