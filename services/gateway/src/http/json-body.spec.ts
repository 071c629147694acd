import { nestsDeeperThan } from './json-body.js';

const nested = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(Buffer.from(`{"a":"${'['.repeat(100)}","b":[{"c":"\\"[["}]}`), 3)).toBe(false);
    expect(nestsDeeperThan(Buffer.from('{"a":{"b":{"c":{}}}}'), 3)).toBe(true);
  });
});
