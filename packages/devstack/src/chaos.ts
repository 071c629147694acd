// The pure parts of the chaos run under load (tests/chaos/under-load: the short form in make test, the long one as a
// command): when the controller kills which service, how requests and their failures are counted, the recovery of
// each kill, and the audits afterwards (every acknowledged write exactly once, every event consumed exactly once by
// every consumer that takes its subject). No I/O here: the engine (tests/chaos/chaos-engine.ts) feeds it.

export interface KillPlan {
  /** Milliseconds after the load began. */
  atMs: number;
  service: string;
}

export interface KillScheduleOptions {
  /** How long the load runs; no kill is planned in its last `quietMs`. */
  durationMs: number;
  /** The gap before each kill is drawn uniformly from [minGapMs, maxGapMs]. */
  minGapMs: number;
  maxGapMs: number;
  services: readonly string[];
  /** Time left at the end for the last restart and its pauses (default: minGapMs / 2). */
  quietMs?: number;
  random?: () => number;
}

/** Kills at random gaps, each of a random service, never the same one twice in a row (when there is a choice). */
export function killSchedule(options: KillScheduleOptions): KillPlan[] {
  const { durationMs, minGapMs, maxGapMs, services, random = Math.random } = options;
  if (services.length === 0 || minGapMs <= 0 || maxGapMs < minGapMs) return [];
  const quietMs = options.quietMs ?? minGapMs / 2;
  const plan: KillPlan[] = [];
  let at = 0;
  for (;;) {
    at += minGapMs + Math.floor(random() * (maxGapMs - minGapMs + 1));
    if (at > durationMs - quietMs) return plan;
    const previous = plan.at(-1)?.service;
    const choices = services.length > 1 ? services.filter((s) => s !== previous) : services;
    plan.push({ atMs: at, service: choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]! });
  }
}

/** How a request ended: 'ok' (2xx, 3xx), 'HTTP <status>', 'timeout', or 'network' (refused, reset, …). */
export function outcomeKind(outcome: number | string): string {
  if (typeof outcome === 'number') return outcome >= 200 && outcome < 400 ? 'ok' : `HTTP ${outcome}`;
  return /timeout|abort/i.test(outcome) ? 'timeout' : 'network';
}

interface OperationTally {
  requests: number;
  errors: Map<string, number>;
  latencies: number[];
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Requests per operation, their errors by kind and their latencies. */
export class LoadFigures {
  private readonly operations = new Map<string, OperationTally>();

  record(operation: string, outcome: number | string, ms: number) {
    const tally = this.operations.get(operation) ?? { requests: 0, errors: new Map<string, number>(), latencies: [] };
    this.operations.set(operation, tally);
    tally.requests += 1;
    tally.latencies.push(ms);
    const kind = outcomeKind(outcome);
    if (kind !== 'ok') tally.errors.set(kind, (tally.errors.get(kind) ?? 0) + 1);
  }

  get requests(): number {
    return [...this.operations.values()].reduce((sum, t) => sum + t.requests, 0);
  }

  /** Every error by kind, all operations together. */
  errorsByKind(): Record<string, number> {
    const all: Record<string, number> = {};
    for (const tally of this.operations.values()) {
      for (const [kind, count] of tally.errors) all[kind] = (all[kind] ?? 0) + count;
    }
    return all;
  }

  /** A Markdown table: one row per operation (most requested first), then the total. */
  table(): string {
    const lines = ['| operation | requests | errors | by kind | p50 ms | p99 ms |', '|---|---:|---:|---|---:|---:|'];
    const kinds = (errors: Map<string, number> | Record<string, number>) =>
      [...(errors instanceof Map ? errors : Object.entries(errors))]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, count]) => `${count} × ${kind}`)
        .join(', ');
    let errors = 0;
    const all: number[] = [];
    for (const [name, t] of [...this.operations].sort(
      ([a, x], [b, y]) => y.requests - x.requests || a.localeCompare(b),
    )) {
      const count = [...t.errors.values()].reduce((sum, n) => sum + n, 0);
      errors += count;
      all.push(...t.latencies);
      lines.push(
        `| ${name} | ${t.requests} | ${count} | ${kinds(t.errors)} | ${percentile(t.latencies, 50).toFixed(0)} | ` +
          `${percentile(t.latencies, 99).toFixed(0)} |`,
      );
    }
    lines.push(
      `| **all** | ${this.requests} | ${errors} | ${kinds(this.errorsByKind())} | ${percentile(all, 50).toFixed(0)} | ` +
        `${percentile(all, 99).toFixed(0)} |`,
    );
    return lines.join('\n');
  }
}

export interface Recovery {
  service: string;
  /** Seconds after the load began. */
  killedAt: number;
  /** From the kill until the restarted process answered ready. */
  readyAfterMs: number;
}

export interface Pause {
  target: string;
  /** Seconds after the load began. */
  at: number;
  ms: number;
}

export function recoveryTable(recoveries: readonly Recovery[], pauses: readonly Pause[] = []): string {
  const lines = ['| at s | event | recovery ms |', '|---:|---|---:|'];
  const rows = [
    ...recoveries.map((r) => ({ at: r.killedAt, line: `kill -9 ${r.service}`, ms: r.readyAfterMs })),
    ...pauses.map((p) => ({ at: p.at, line: `SIGSTOP ${p.target} for ${p.ms} ms`, ms: undefined })),
  ].sort((a, b) => a.at - b.at);
  for (const row of rows) lines.push(`| ${row.at.toFixed(1)} | ${row.line} | ${row.ms === undefined ? '' : row.ms} |`);
  return lines.join('\n');
}

export interface OnceAudit {
  /** Expected keys found no time. */
  missing: string[];
  /** Keys found more than once (expected or not). */
  doubled: string[];
}

/** Each expected key found exactly once among `found` (one entry per row), and no key at all found twice. */
export function exactlyOnce(expected: Iterable<string>, found: Iterable<string>): OnceAudit {
  const counts = new Map<string, number>();
  for (const key of found) counts.set(key, (counts.get(key) ?? 0) + 1);
  const missing = [...new Set(expected)].filter((key) => !counts.has(key)).sort();
  const doubled = [...counts]
    .filter(([, n]) => n > 1)
    .map(([key]) => key)
    .sort();
  return { missing, doubled };
}

export interface OutboxEvent {
  id: string;
  subject: string;
}

export interface ProcessedEvent {
  consumer: string;
  eventId: string;
  subject: string;
}

export interface ConsumerAudit {
  consumer: string;
  subject: string;
  events: number;
  missing: string[];
  doubled: string[];
}

/**
 * Every event a consumer takes, taken exactly once: a consumer takes a subject when it has processed at least one
 * event of it (its filter let it through), and must then have processed every event of that subject the outboxes
 * hold, each once. One entry per consumer and subject, sorted.
 */
export function consumerAudit(outbox: readonly OutboxEvent[], processed: readonly ProcessedEvent[]): ConsumerAudit[] {
  const bySubject = new Map<string, string[]>();
  for (const event of outbox) bySubject.set(event.subject, [...(bySubject.get(event.subject) ?? []), event.id]);
  const taken = new Map<string, ProcessedEvent[]>();
  for (const row of processed) {
    const key = `${row.consumer}\u0000${row.subject}`;
    taken.set(key, [...(taken.get(key) ?? []), row]);
  }
  return [...taken]
    .map(([key, rows]) => {
      const [consumer, subject] = key.split('\u0000') as [string, string];
      const expected = bySubject.get(subject) ?? [];
      const { missing, doubled } = exactlyOnce(
        expected,
        rows.map((r) => r.eventId),
      );
      return { consumer, subject, events: expected.length, missing, doubled };
    })
    .sort((a, b) => a.consumer.localeCompare(b.consumer) || a.subject.localeCompare(b.subject));
}

/** The audits that found something, as lines (empty when everything holds). */
export function auditFailures(audits: Record<string, OnceAudit>, consumers: readonly ConsumerAudit[] = []): string[] {
  const lines: string[] = [];
  const few = (keys: string[]) => `${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ` (+${keys.length - 5})` : ''}`;
  for (const [name, audit] of Object.entries(audits)) {
    if (audit.missing.length) lines.push(`${name}: ${audit.missing.length} missing: ${few(audit.missing)}`);
    if (audit.doubled.length) lines.push(`${name}: ${audit.doubled.length} doubled: ${few(audit.doubled)}`);
  }
  for (const c of consumers) {
    if (c.missing.length) lines.push(`${c.consumer} ${c.subject}: ${c.missing.length} not consumed: ${few(c.missing)}`);
    if (c.doubled.length)
      lines.push(`${c.consumer} ${c.subject}: ${c.doubled.length} consumed twice: ${few(c.doubled)}`);
  }
  return lines;
}
