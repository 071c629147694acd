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
    expect(nodeOptionsOf(dev, findApp(dev, 'gateway'))).toBe(
      '--max-semi-space-size=16 --max-old-space-size=192 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'reader'))).toBe('--max-semi-space-size=8 --max-old-space-size=96');
    // V8's gc function for the kit's idle release, in every process that runs the kit (not the static servers).
    for (const app of appsOf(dev))
      expect(nodeOptionsOf(dev, app).includes('--expose-gc')).toBe(app.kind !== 'frontend');
    // Every service under load keeps a 4 MiB semi-space (1 MiB cost the comments service 80% more CPU an answer).
    expect(nodeOptionsOf(dev, findApp(dev, 'articles'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'notifications'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'comments'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    for (const app of appsOf(dev))
      expect(nodeOptionsOf(dev, app)).toMatch(/--max-semi-space-size=\d+ --max-old-space-size=\d+/);
  });
});
