/** A dependency the process needs to do its work: ready only when every one answers. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

/** The truth behind /readyz and grpc.health.v1: the dependencies answer and we are not shutting down. */
export class Readiness {
  private readonly checks: ReadinessCheck[] = [];
  private shuttingDown = false;

  add(check: ReadinessCheck) {
    this.checks.push(check);
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
