/**
 * A small in-memory cache of promises with a lifetime: concurrent lookups of one key share one call, a failed call is
 * forgotten at once (the next request asks again), and the oldest entries go first beyond `max`.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > at) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    if (this.ttlMs <= 0) return value;
    this.entries.set(key, { value, until: at + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Forgets an entry (an answer that must not be reused). */
  delete(key: string) {
    this.entries.delete(key);
  }
}
