import { status, type ServiceError } from '@grpc/grpc-js';
import { AppError } from '@pencraft/errors';
import { Gauge, type Registry } from 'prom-client';
import { ERROR_CODE_KEY, fromGrpcError } from '../errors/grpc-errors.js';

/**
 * Resilience of every gRPC client call (createGrpcClient): the call's deadline bounds all its attempts; an
 * idempotent method (a read, by its name) is tried again with exponential backoff and full jitter when the target
 * could not be reached; a circuit breaker per target address opens after consecutive transport failures, fails
 * fast with NetworkError (503 at the gateway) while open, and lets one trial call through after a while
 * (half-open): its success closes the breaker, its failure opens it again. Answers the target gave (a catalogue
 * error, whatever its status) are neither retried nor counted against it.
 */
export interface ResilienceOptions {
  /** Consecutive transport failures that open a target's breaker. */
  failureThreshold: number;
  /** How long an open breaker fails fast before it lets one trial call through. */
  openMs: number;
  /** Attempts after the first, for idempotent methods only. */
  retries: number;
  /** The first backoff's ceiling; each next one doubles, up to maxDelayMs (full jitter below it). */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const RESILIENCE_DEFAULTS: ResilienceOptions = {
  failureThreshold: 5,
  openMs: 5_000,
  retries: 2,
  baseDelayMs: 50,
  maxDelayMs: 1_000,
};

/**
 * Methods safe to send twice: reads, by the naming rule of the protos (Get…, List…, Search…, Find…, Explore…,
 * Suggest…, Can…, Check…) and the reads named otherwise below. Every other method writes something (Create, Set,
 * Vote, Resolve a report, Verify a code, …) and is never retried: the caller sees the failure and decides.
 */
const IDEMPOTENT_PREFIXES = ['Get', 'List', 'Search', 'Find', 'Explore', 'Suggest', 'Can', 'Check'];
const IDEMPOTENT_METHODS = new Set(['Summary', 'ResolvePartnerClient']);

/** Whether a method (its proto name, or the last part of its gRPC path) may be retried. */
export function isIdempotentMethod(method: string): boolean {
  const name = method.slice(method.lastIndexOf('/') + 1);
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  if (IDEMPOTENT_METHODS.has(capitalised)) return true;
  return IDEMPOTENT_PREFIXES.some(
    (prefix) => capitalised.startsWith(prefix) && /^[A-Z]?$/.test(capitalised.charAt(prefix.length)),
  );
}

/** A failure to reach the target (refused, reset, no answer before the deadline), not an answer it gave. */
export function isTransportFailure(error: unknown): boolean {
  const e = error as Partial<ServiceError>;
  if (e?.code !== status.UNAVAILABLE && e?.code !== status.DEADLINE_EXCEEDED) return false;
  return !(e.metadata?.get(ERROR_CODE_KEY)?.length ?? 0);
}

/** The ceiling of the backoff before retry `attempt` (1-based), and a delay drawn uniformly below it. */
export function backoffDelay(attempt: number, options: ResilienceOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/** One target's breaker; `now` is injectable for tests. */
export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private opened = false;
  private trialInFlight = false;
  /** Calls refused without trying, since the start. */
  rejected = 0;
  /** Times the breaker opened, since the start. */
  openings = 0;

  constructor(
    readonly target: string,
    private readonly options: ResilienceOptions = RESILIENCE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    if (!this.opened) return 'closed';
    return this.now() - this.openedAt >= this.options.openMs ? 'half-open' : 'open';
  }

  /** Whether a call may go now; in half-open state only one trial call at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'half-open' && !this.trialInFlight) {
      this.trialInFlight = true;
      return true;
    }
    this.rejected += 1;
    return false;
  }

  /** The target answered (whatever the answer): the breaker closes. */
  recordSuccess() {
    this.failures = 0;
    this.opened = false;
    this.trialInFlight = false;
  }

  /** The target could not be reached: a failed trial reopens at once, the threshold opens a closed breaker. */
  recordFailure() {
    this.failures += 1;
    const trial = this.trialInFlight;
    this.trialInFlight = false;
    if (trial || (!this.opened && this.failures >= this.options.failureThreshold)) {
      if (!this.opened) this.openings += 1;
      this.opened = true;
      this.openedAt = this.now();
    }
  }
}

const breakers = new Map<string, CircuitBreaker>();
const retryCounts = new Map<string, number>();
let options: ResilienceOptions = { ...RESILIENCE_DEFAULTS, ...optionsFromEnv(process.env) };

/** Overrides of the defaults from GRPC_BREAKER_FAILURES, GRPC_BREAKER_OPEN_MS and GRPC_RETRIES, when set. */
export function optionsFromEnv(env: Record<string, string | undefined>): Partial<ResilienceOptions> {
  const read = (name: string) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const picked = {
    failureThreshold: read('GRPC_BREAKER_FAILURES'),
    openMs: read('GRPC_BREAKER_OPEN_MS'),
    retries: read('GRPC_RETRIES'),
  };
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined));
}

/** The process's breaker for a target address (one per address, shared by every client of it). */
export function breakerFor(target: string): CircuitBreaker {
  let breaker = breakers.get(target);
  if (!breaker) {
    breaker = new CircuitBreaker(target, options);
    breakers.set(target, breaker);
  }
  return breaker;
}

/** For tests: other options, and every breaker and count forgotten. */
export function resetResilience(next: Partial<ResilienceOptions> = {}) {
  options = { ...RESILIENCE_DEFAULTS, ...next };
  breakers.clear();
  retryCounts.clear();
}

/** The breakers and retry counts of this process, for /metrics and tests. */
export function resilienceSnapshot() {
  return {
    breakers: [...breakers.values()].map((b) => ({
      target: b.target,
      state: b.state,
      openings: b.openings,
      rejected: b.rejected,
    })),
    retries: [...retryCounts].map(([key, count]) => {
      const [target, method] = key.split(' ');
      return { target: target!, method: method!, count };
    }),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One client call: `attempt` sends it once (rejecting with the grpc-js error); the breaker of `target` guards every
 * attempt, and an idempotent `method` is sent again after a transport failure while its deadline leaves time for
 * the backoff. Fails with the AppError of the catalogue (NetworkError when the target could not be reached).
 * `idempotent` may be given when the caller has decided it once for the method (a client does, per method).
 */
export async function callResiliently<T>(
  target: string,
  method: string,
  deadline: Date,
  attempt: () => Promise<T>,
  idempotent: boolean = isIdempotentMethod(method),
): Promise<T> {
  const breaker = breakerFor(target);
  const retries = idempotent ? options.retries : 0;
  for (let n = 0; ; n += 1) {
    if (!breaker.tryAcquire()) throw new AppError('NetworkError', { cause: new Error(`circuit open: ${target}`) });
    try {
      const result = await attempt();
      breaker.recordSuccess();
      return result;
    } catch (error) {
      if (!isTransportFailure(error)) {
        // The target answered (an error of the catalogue, or of its own): it is reachable.
        breaker.recordSuccess();
        throw (error as Partial<ServiceError>)?.code !== undefined ? fromGrpcError(error as ServiceError) : error;
      }
      breaker.recordFailure();
      const delay = backoffDelay(n + 1, options);
      const timeLeft = deadline.getTime() - Date.now();
      if (n >= retries || (error as ServiceError).code === status.DEADLINE_EXCEEDED || delay >= timeLeft) {
        throw fromGrpcError(error as ServiceError);
      }
      const key = `${target} ${method}`;
      retryCounts.set(key, (retryCounts.get(key) ?? 0) + 1);
      await sleep(delay);
    }
  }
}

/**
 * grpc_client_breaker_state (0 closed, 1 half-open, 2 open) and grpc_client_breaker_rejected_total per target,
 * grpc_client_retries_total per target and method, read from this process's breakers when scraped.
 */
export function registerResilienceMetrics(registry: Registry) {
  const stateValue: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };
  new Gauge({
    name: 'grpc_client_breaker_state',
    help: 'Circuit breaker of a gRPC target: 0 closed, 1 half-open, 2 open',
    labelNames: ['target'],
    registers: [registry],
    collect() {
      this.reset();
      for (const b of breakers.values()) this.set({ target: b.target }, stateValue[b.state]);
    },
  });
  new Gauge({
    name: 'grpc_client_breaker_rejected_total',
    help: 'gRPC calls failed fast by an open circuit breaker',
    labelNames: ['target'],
    registers: [registry],
    collect() {
      this.reset();
      for (const b of breakers.values()) this.set({ target: b.target }, b.rejected);
    },
  });
  new Gauge({
    name: 'grpc_client_retries_total',
    help: 'gRPC calls of idempotent methods sent again after a transport failure',
    labelNames: ['target', 'method'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { target, method, count } of resilienceSnapshot().retries) this.set({ target, method }, count);
    },
  });
}
