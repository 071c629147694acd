// The client's call set-up (issue #19): grpc-js's per-call caller Error is made without capturing a stack.
import { withoutCallerStack } from './grpc-client.js';

describe('withoutCallerStack', () => {
  it('captures no stack frames while a call starts, and puts the limit back', () => {
    const before = Error.stackTraceLimit;
    const stack = withoutCallerStack(() => new Error('caller').stack ?? '');
    expect(stack.split('\n')).toEqual(['Error: caller']);
    expect(Error.stackTraceLimit).toBe(before);
    expect((new Error('after').stack ?? '').split('\n').length).toBeGreaterThan(1);
  });

  it('puts the limit back when the start throws', () => {
    const before = Error.stackTraceLimit;
    expect(() =>
      withoutCallerStack(() => {
        throw new TypeError('bad request');
      }),
    ).toThrow('bad request');
    expect(Error.stackTraceLimit).toBe(before);
  });
});
