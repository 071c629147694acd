/** A dependency the process needs to do its work: ready only when every one answers. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

/**
 * The truth behind /readyz and grpc.health.v1: the process has finished starting, the dependencies answer and we are
 * not shutting down.
 */
export class Readiness {
  private readonly checks: ReadinessCheck[] = [];
  private shuttingDown = false;
  private starting = false;

  add(check: ReadinessCheck) {
    this.checks.push(check);
  }

  /**
   * Not ready until markStarted: the probes listen before the public port does (a liveness probe must answer while a
   * slow start goes on), but nobody may be told "ready" before the public port listens and SIGTERM stops gracefully.
   */
  markStarting() {
    this.starting = true;
  }

  markStarted() {
    this.starting = false;
  }

  markShuttingDown() {
    this.shuttingDown = true;
  }

  get isShuttingDown() {
    return this.shuttingDown;
  }

  async report(timeoutMs = 2000): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    if (this.shuttingDown) return { ready: false, checks: { shutdown: 'shutting down' } };
    if (this.starting) return { ready: false, checks: { startup: 'starting' } };
    await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), timeoutMs, `${c.name} did not answer within ${timeoutMs} ms`);
          checks[c.name] = 'ok';
        } catch (error) {
          checks[c.name] = (error as Error).message || 'failed';
        }
      }),
    );
    return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
