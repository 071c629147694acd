import { jest } from '@jest/globals';
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError } from '@pencraft/errors';
import { Registry } from 'prom-client';
import { ERROR_CODE_KEY } from '../errors/grpc-errors.js';
import {
  backoffDelay,
  breakerFor,
  callResiliently,
  CircuitBreaker,
  isIdempotentMethod,
  isTransportFailure,
  optionsFromEnv,
  registerResilienceMetrics,
  resetResilience,
  resilienceSnapshot,
  RESILIENCE_DEFAULTS,
} from './grpc-resilience.js';

function grpcError(code: number, catalogueCode?: string): ServiceError {
  const metadata = new Metadata();
  if (catalogueCode) metadata.set(ERROR_CODE_KEY, catalogueCode);
  return Object.assign(new Error(`code ${code}`), { code, details: '', metadata }) as ServiceError;
}
const unavailable = () => grpcError(status.UNAVAILABLE);
const later = (ms = 5_000) => new Date(Date.now() + ms);

describe('isIdempotentMethod', () => {
  it('retries reads by name, by proto name or gRPC path', () => {
    expect(isIdempotentMethod('GetArticle')).toBe(true);
    expect(isIdempotentMethod('listComments')).toBe(true);
    expect(isIdempotentMethod('/pencraft.search.v1.SearchService/SearchText')).toBe(true);
    expect(isIdempotentMethod('FindArticleTranslation')).toBe(true);
    expect(isIdempotentMethod('CanReadInFull')).toBe(true);
    expect(isIdempotentMethod('Summary')).toBe(true);
    expect(isIdempotentMethod('ResolvePartnerClient')).toBe(true);
  });

  it('never retries a write, even one whose name begins like a read', () => {
    for (const method of [
      'CreateArticle',
      'VoteArticle',
      'PublishArticle',
      'ResolveReport',
      'VerifyRegistration',
      'CancelDeletion',
      'Getaway',
      'Listen',
      'Checkout',
      'SetPreferences',
    ]) {
      expect(isIdempotentMethod(method)).toBe(false);
    }
  });
});

describe('isTransportFailure', () => {
  it('is a refused or unanswered call, not an answer of the target', () => {
    expect(isTransportFailure(unavailable())).toBe(true);
    expect(isTransportFailure(grpcError(status.DEADLINE_EXCEEDED))).toBe(true);
    expect(isTransportFailure(grpcError(status.UNAVAILABLE, 'NetworkError'))).toBe(false);
    expect(isTransportFailure(grpcError(status.NOT_FOUND, 'ArticleNotFound'))).toBe(false);
    expect(isTransportFailure(grpcError(status.INTERNAL))).toBe(false);
    expect(isTransportFailure(new Error('boom'))).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('doubles the ceiling per attempt up to the maximum, drawing below it', () => {
    expect(backoffDelay(1, RESILIENCE_DEFAULTS, () => 0.999)).toBe(49);
    expect(backoffDelay(2, RESILIENCE_DEFAULTS, () => 0.999)).toBe(99);
    expect(backoffDelay(3, RESILIENCE_DEFAULTS, () => 0.5)).toBe(100);
    expect(backoffDelay(10, RESILIENCE_DEFAULTS, () => 0.999)).toBe(999);
    expect(backoffDelay(3, RESILIENCE_DEFAULTS, () => 0)).toBe(0);
  });
});

describe('optionsFromEnv', () => {
  it('reads whole non-negative numbers and ignores the rest', () => {
    expect(optionsFromEnv({ GRPC_BREAKER_FAILURES: '3', GRPC_BREAKER_OPEN_MS: '2000', GRPC_RETRIES: '0' })).toEqual({
      failureThreshold: 3,
      openMs: 2000,
      retries: 0,
    });
    expect(optionsFromEnv({ GRPC_BREAKER_FAILURES: 'x', GRPC_RETRIES: '-1', GRPC_BREAKER_OPEN_MS: '' })).toEqual({});
  });
});

describe('CircuitBreaker', () => {
  let now = 0;
  const breaker = () =>
    new CircuitBreaker('t', { ...RESILIENCE_DEFAULTS, failureThreshold: 3, openMs: 1000 }, () => now);
  beforeEach(() => {
    now = 0;
  });

  it('opens after consecutive failures only', () => {
    const b = breaker();
    b.recordFailure();
    b.recordFailure();
    b.recordSuccess();
    b.recordFailure();
    b.recordFailure();
    expect(b.state).toBe('closed');
    b.recordFailure();
    expect(b.state).toBe('open');
    expect(b.tryAcquire()).toBe(false);
    expect(b.rejected).toBe(1);
    expect(b.openings).toBe(1);
  });

  it('half-opens after a while with one trial call; its success closes, its failure reopens', () => {
    const b = breaker();
    for (let i = 0; i < 3; i += 1) b.recordFailure();
    now = 999;
    expect(b.tryAcquire()).toBe(false);
    now = 1000;
    expect(b.state).toBe('half-open');
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false); // one trial at a time
    b.recordFailure();
    expect(b.state).toBe('open');
    now = 1999;
    expect(b.tryAcquire()).toBe(false);
    now = 2000;
    expect(b.tryAcquire()).toBe(true);
    b.recordSuccess();
    expect(b.state).toBe('closed');
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(true);
  });
});

describe('callResiliently', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetResilience({ failureThreshold: 3, openMs: 1_000, retries: 2 });
  });
  afterEach(() => {
    jest.useRealTimers();
    resetResilience();
  });

  it('retries a read after transport failures with backoff, and succeeds', async () => {
    const attempt = jest.fn<() => Promise<string>>();
    attempt.mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(unavailable()).mockResolvedValueOnce('ok');
    const call = callResiliently('a:1', '/x.v1.S/GetThing', later(), attempt);
    await jest.advanceTimersByTimeAsync(200);
    await expect(call).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(resilienceSnapshot().retries).toEqual([{ target: 'a:1', method: '/x.v1.S/GetThing', count: 2 }]);
    expect(breakerFor('a:1').state).toBe('closed');
  });

  it('never sends a write twice', async () => {
    const attempt = jest.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    await expect(callResiliently('a:1', '/x.v1.S/CreateThing', later(), attempt)).rejects.toMatchObject({
      code: 'NetworkError',
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('gives up after the retries, and never waits past the deadline', async () => {
    const attempt = jest.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    const call = callResiliently('a:1', 'GetThing', later(), attempt);
    const settled = expect(call).rejects.toMatchObject({ code: 'NetworkError' });
    await jest.advanceTimersByTimeAsync(500);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(3);

    resetResilience({ retries: 5, baseDelayMs: 1_000, maxDelayMs: 1_000 });
    const once = jest.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    jest.spyOn(Math, 'random').mockReturnValue(0.9);
    await expect(callResiliently('a:1', 'GetThing', later(100), once)).rejects.toMatchObject({ code: 'NetworkError' });
    expect(once).toHaveBeenCalledTimes(1);
    jest.spyOn(Math, 'random').mockRestore();
  });

  it('does not retry a spent deadline, nor an answer of the target', async () => {
    const slow = jest.fn<() => Promise<string>>().mockRejectedValue(grpcError(status.DEADLINE_EXCEEDED));
    await expect(callResiliently('a:1', 'GetThing', later(), slow)).rejects.toMatchObject({ code: 'NetworkError' });
    expect(slow).toHaveBeenCalledTimes(1);
    const missing = jest.fn<() => Promise<string>>().mockRejectedValue(grpcError(status.NOT_FOUND, 'ArticleNotFound'));
    const error = await callResiliently('a:1', 'GetThing', later(), missing).catch((e: unknown) => e);
    expect(AppError.is(error) && error.code).toBe('ArticleNotFound');
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('fails fast while a target is cut off, then recovers through a trial call', async () => {
    resetResilience({ failureThreshold: 3, openMs: 1_000, retries: 0 });
    const down = jest.fn<() => Promise<string>>().mockRejectedValue(grpcError(status.DEADLINE_EXCEEDED));
    for (let i = 0; i < 3; i += 1) await callResiliently('b:2', 'CreateThing', later(), down).catch(() => undefined);
    expect(breakerFor('b:2').state).toBe('open');
    // Open: refused without calling the target; other targets are unaffected.
    await expect(callResiliently('b:2', 'CreateThing', later(), down)).rejects.toMatchObject({ code: 'NetworkError' });
    expect(down).toHaveBeenCalledTimes(3);
    await expect(callResiliently('c:3', 'GetThing', later(), async () => 'other')).resolves.toBe('other');

    jest.advanceTimersByTime(1_000);
    expect(breakerFor('b:2').state).toBe('half-open');
    await expect(callResiliently('b:2', 'CreateThing', later(), async () => 'back')).resolves.toBe('back');
    expect(breakerFor('b:2').state).toBe('closed');
    expect(resilienceSnapshot().breakers.find((b) => b.target === 'b:2')).toEqual({
      target: 'b:2',
      state: 'closed',
      openings: 1,
      rejected: 1,
    });
  });

  it('exposes breaker states and retries on a metrics registry', async () => {
    const registry = new Registry();
    registerResilienceMetrics(registry);
    for (let i = 0; i < 3; i += 1) {
      const call = callResiliently('d:4', 'GetThing', later(), () => Promise.reject(unavailable()));
      const settled = call.catch(() => undefined);
      await jest.advanceTimersByTimeAsync(200);
      await settled;
    }
    const text = await registry.metrics();
    expect(text).toContain('grpc_client_breaker_state{target="d:4"} 2');
    expect(text).toMatch(/grpc_client_retries_total\{target="d:4",method="GetThing"\} [1-9]/);
  });
});
