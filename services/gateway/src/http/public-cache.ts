/**
 * A tiny in-process cache for public answers that are the same for everyone (a published article, a
 * home page), kept for a second or two: enough to absorb a burst of readers without serving stale pages.
 */
export class PublicCache {
  /** Values are encoded once: a hit writes bytes to the socket without converting a string again. */
  private readonly entries = new Map<string, { value: Buffer; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string): Buffer | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Buffer) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
