// How the dev stack starts its processes (issue #19, memory): the environment each gets besides envFor.
import { join } from 'node:path';
import { compileCacheEnvOf, mallocEnvOf, nodeOptionsOf } from './processes.ts';
import { appsOf, findApp, stackFor } from './registry.ts';

describe('process settings', () => {
  const dev = stackFor('dev');
  const test = stackFor('test');

  it('keeps V8’s code cache between starts for the test profile only, unless told otherwise', () => {
    expect(compileCacheEnvOf(test)).toEqual({ NODE_COMPILE_CACHE: join(test.runDir, 'compile-cache') });
    expect(compileCacheEnvOf(dev)).toEqual({});
    expect(compileCacheEnvOf(test, false)).toEqual({});
    expect(compileCacheEnvOf(dev, true)).toEqual({ NODE_COMPILE_CACHE: join(dev.runDir, 'compile-cache') });
  });

  it('bounds every process’s malloc arenas, and fixes identity’s mmap threshold (argon2id’s blocks)', () => {
    for (const app of appsOf(dev)) {
      const expected =
        app.name === 'identity'
          ? { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }
          : { MALLOC_ARENA_MAX: '2' };
      expect([app.name, mallocEnvOf(app)]).toEqual([app.name, expected]);
    }
  });

  it('bounds V8’s heap per kind of process', () => {
    expect(nodeOptionsOf(dev, findApp(dev, 'gateway'))).toBe('--max-semi-space-size=4 --max-old-space-size=192');
    expect(nodeOptionsOf(dev, findApp(dev, 'reader'))).toMatch(/--max-old-space-size=96/);
    // The hot read paths keep a 4 MiB semi-space; the other services take 1 MiB.
    expect(nodeOptionsOf(dev, findApp(dev, 'articles'))).toBe('--max-semi-space-size=4 --max-old-space-size=128');
    expect(nodeOptionsOf(dev, findApp(dev, 'notifications'))).toBe('--max-semi-space-size=4 --max-old-space-size=128');
    expect(nodeOptionsOf(dev, findApp(dev, 'comments'))).toBe('--max-semi-space-size=1 --max-old-space-size=128');
    for (const app of appsOf(dev))
      expect(nodeOptionsOf(dev, app)).toMatch(/--max-semi-space-size=\d+ --max-old-space-size=\d+/);
  });
});
