/**
 * A tiny in-process cache for public answers that are the same for everyone (a published article, a
 * home page), kept for a second or two: enough to absorb a burst of readers without serving stale pages.
 */
export class PublicCache {
  /** Values are encoded once: a hit writes bytes to the socket without converting a string again. */
  private readonly entries = new Map<string, { value: Buffer; expires: number }>();
  /** How many entries were deleted so far (see mark). */
  private deletions = 0;

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

  /**
   * Taken before asking upstream for an answer to keep: `set` with it keeps nothing if an entry was deleted in
   * between, since the answer may then be older than the change that deleted it.
   */
  mark(): number {
    return this.deletions;
  }

  set(key: string, value: Buffer, mark?: number) {
    if (this.ttlMs <= 0) return;
    if (mark !== undefined && mark !== this.deletions) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string) {
    this.deletions += 1;
    this.entries.delete(key);
  }
}
