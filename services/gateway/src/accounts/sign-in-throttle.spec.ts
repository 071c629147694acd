import { describe, expect, it, jest } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { SignInThrottle, type ThrottleStore } from './sign-in-throttle.js';
import { backoffTable, CAPTCHA_AFTER_FAILURES, FAILURES_TTL_MS } from './sign-in-throttle.rules.js';

const ATTEMPT = { account: 'gw:signin:acct', address: 'addr', captchaSolved: false };

function setup() {
  const store = strictMock<ThrottleStore>('ThrottleStore');
  const log = { warn: jest.fn() };
  return { store, log, throttle: new SignInThrottle(store, log) };
}

async function refusal(reserve: Promise<void>) {
  try {
    await reserve;
  } catch (error) {
    if (AppError.is(error))
      return { code: error.code, retryAfter: (error as { retryAfterSeconds?: number }).retryAfterSeconds };
    throw error;
  }
  return undefined;
}

describe('SignInThrottle', () => {
  it('reserves the attempt in one script, with the address, the captcha, the rules and the waits by number', async () => {
    const { store, throttle } = setup();
    store.eval.mockResolvedValue(['ok', 0]);
    expect(await refusal(throttle.reserve({ ...ATTEMPT, captchaSolved: true }))).toBeUndefined();
    const [, options] = store.eval.mock.calls[0]!;
    expect(options).toEqual({
      keys: ['gw:signin:acct'],
      arguments: ['addr', '1', String(CAPTCHA_AFTER_FAILURES), String(FAILURES_TTL_MS), ...backoffTable().map(String)],
    });
  });

  it('refuses an account and address in their wait with the seconds to wait, and asks for the captcha', async () => {
    const { store, throttle } = setup();
    store.eval.mockResolvedValueOnce(['wait', 1_500]).mockResolvedValueOnce(['wait', 20]);
    expect(await refusal(throttle.reserve(ATTEMPT))).toEqual({ code: 'TooManyRequests', retryAfter: 2 });
    expect(await refusal(throttle.reserve(ATTEMPT))).toEqual({ code: 'TooManyRequests', retryAfter: 1 });
    store.eval.mockResolvedValueOnce(['captcha', 0]);
    expect((await refusal(throttle.reserve(ATTEMPT)))?.code).toBe('CaptchaRequired');
  });

  it('gives an attempt back, forgets one address on a success and every address on a reset', async () => {
    const { store, throttle } = setup();
    store.eval.mockResolvedValue(1);
    store.hDel.mockResolvedValue(3);
    store.del.mockResolvedValue(1);
    await throttle.release(ATTEMPT);
    expect(store.eval.mock.calls[0]![1]).toEqual({
      keys: ['gw:signin:acct'],
      arguments: ['addr', ...backoffTable().map(String)],
    });
    await throttle.succeeded(ATTEMPT);
    expect(store.hDel).toHaveBeenCalledWith('gw:signin:acct', ['a', 'f:addr', 'w:addr']);
    await throttle.clear('gw:signin:acct');
    expect(store.del).toHaveBeenCalledWith('gw:signin:acct');
  });

  it('lets sign-in through when Redis is away, and says so', async () => {
    const { store, log, throttle } = setup();
    store.eval.mockRejectedValue(new Error('down'));
    store.hDel.mockRejectedValue(new Error('down'));
    store.del.mockRejectedValue(new Error('down'));
    expect(await refusal(throttle.reserve(ATTEMPT))).toBeUndefined();
    await throttle.release(ATTEMPT);
    await throttle.succeeded(ATTEMPT);
    await throttle.clear('gw:signin:acct');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
