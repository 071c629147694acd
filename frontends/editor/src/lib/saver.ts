// Autosave of a server draft: every change is kept in this browser at once and sent to the server; a lost
// connection is retried with backoff until the server confirms; a stale version (another tab or device saved in
// between) stops sending and asks the writer to choose. Nothing here touches the DOM or the network itself, so the
// rules are unit-tested with doubles.
import { sameValues, type DraftValues, type Pending } from './local-draft.js';

export type SaveState = 'editing' | 'saving' | 'saved' | 'failed';

export type SaveFailure =
  /** No answer (offline, server unreachable, 5xx, 429): retried by itself at `retryAt`. */
  | { kind: 'network'; attempts: number; retryAt: number; retryInMs: number }
  /** The server holds a newer version than the one these changes were made on. */
  | { kind: 'conflict' }
  /** The server refused the changes (a rule, a cap, signed out): retried only when the writer asks. */
  | { kind: 'refused'; code: string; message: string };

export interface SaverSnapshot {
  state: SaveState;
  failure: SaveFailure | null;
  /** The server's version the next save is based on. */
  version: number;
  /** When the server last confirmed (ms), or null. */
  savedAt: number | null;
  /** False when this browser refused to keep the unsent changes (storage off or full). */
  keptLocally: boolean;
}

/** What a failed send looked like: an ApiError of the UI kit has these fields. */
export interface SendError {
  status?: number;
  code?: string;
  message?: string;
}

export interface SaverDeps {
  /** Sends the values as a change of `version`; resolves with the server's new version. */
  send(values: DraftValues, version: number): Promise<{ version: number }>;
  /** Keeps the unsent changes in this browser, or forgets them (null); false when refused. */
  keep(pending: Pending | null): boolean;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** 1 s, 2 s, 4 s, … at most 30 s between attempts. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export function classify(error: unknown): SaveFailure['kind'] {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SendError;
  // Other 409s (MaxDraftsCountReached on creation) are refusals with their own message.
  if (e.code === 'DraftConflict' || (e.status === 409 && !e.code)) return 'conflict';
  // A rate limit passes with time; the caps (MaxDraftsCountReached, also 429) need the writer.
  const throttled = e.code === 'TooManyRequests' || e.code === 'Flood' || (e.status === 429 && !e.code);
  if (e.status === undefined || e.status === 0 || e.status >= 500 || throttled || e.code === 'NetworkError') {
    return 'network';
  }
  return 'refused';
}

export class DraftSaver {
  private snapshot: SaverSnapshot;
  /** The latest values the server has not confirmed, or null when it has them all. */
  private unsent: DraftValues | null = null;
  private changedAt = 0;
  private inFlight = false;
  /** Values sent whose answer never came (see Pending.unanswered). */
  private unanswered: DraftValues | null = null;
  private retryTimer: unknown = null;
  private attempts = 0;
  /** A conflict or refusal: nothing is sent until the writer decides. */
  private blocked = false;
  private disposed = false;
  private readonly listeners = new Set<(snapshot: SaverSnapshot) => void>();

  constructor(
    private readonly deps: SaverDeps,
    version: number,
    initial: SaveState = 'saved',
  ) {
    this.snapshot = { state: initial, failure: null, version, savedAt: null, keptLocally: true };
  }

  get current(): SaverSnapshot {
    return this.snapshot;
  }

  get hasUnsent(): boolean {
    return this.unsent !== null;
  }

  subscribe(listener: (snapshot: SaverSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SaverSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }

  /** The writer changed something (the values follow once read from the editor). */
  touch(): void {
    if (!this.blocked && this.snapshot.failure?.kind !== 'network') this.set({ state: 'editing' });
  }

  /**
   * The writer's change came to nothing the server does not have (Editor.js reports its own rendering as a change):
   * back to saved, unless something is being sent, waits or failed. True when settled.
   */
  settle(): boolean {
    if (this.inFlight || this.unsent || this.blocked || this.snapshot.failure) return false;
    if (this.snapshot.state !== 'saved') this.set({ state: 'saved' });
    return true;
  }

  /** The current values: kept in this browser at once, then sent. */
  update(values: DraftValues): void {
    if (this.disposed) return;
    this.unsent = values;
    this.changedAt = this.deps.now();
    this.keepLocally();
    if (this.blocked) return;
    void this.flush();
  }

  /**
   * Values restored from this browser at load: unsent changes made on `baseVersion`. When the server has moved on
   * since, it is a conflict to decide at once.
   */
  restore(pending: Pending, server?: DraftValues): void {
    this.unsent = pending.values;
    this.changedAt = pending.changedAt;
    // The server's one newer version is the save this browser sent before its connection went: build on it.
    const ownSave =
      pending.unanswered !== undefined &&
      server !== undefined &&
      this.snapshot.version === pending.baseVersion + 1 &&
      sameValues(pending.unanswered, server);
    if (pending.baseVersion < this.snapshot.version && !ownSave) {
      this.blocked = true;
      this.set({ state: 'failed', failure: { kind: 'conflict' } });
      return;
    }
    void this.flush();
  }

  private keepLocally() {
    const kept = this.deps.keep(
      this.unsent
        ? {
            values: this.unsent,
            baseVersion: this.snapshot.version,
            changedAt: this.changedAt,
            ...(this.unanswered ? { unanswered: this.unanswered } : {}),
          }
        : null,
    );
    if (kept !== this.snapshot.keptLocally) this.set({ keptLocally: kept });
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.disposed) return;
    if (this.retryTimer !== null) {
      this.deps.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    const sending = this.unsent;
    if (!sending) return;
    this.inFlight = true;
    this.set({ state: 'saving' });
    try {
      const answer = await this.deps.send(sending, this.snapshot.version);
      this.inFlight = false;
      if (this.disposed) return;
      this.attempts = 0;
      this.unanswered = null;
      const done = this.unsent === sending;
      if (done) this.unsent = null;
      this.snapshot = { ...this.snapshot, version: answer.version, failure: null, savedAt: this.deps.now() };
      this.keepLocally();
      this.set({ state: done ? 'saved' : 'saving' });
      // Typed meanwhile: those changes now sit on the new version.
      if (!done) void this.flush();
    } catch (error) {
      this.inFlight = false;
      if (this.disposed) return;
      this.failed(error, sending);
    }
  }

  private failed(error: unknown, sent: DraftValues) {
    const kind = classify(error);
    if (kind === 'network') {
      // Without an answer the server may or may not hold it; the first since the last answer is the one that can
      // have landed (the later ones were sent on the same version while the connection was away). Kept so a later
      // load can tell (restore).
      this.unanswered ??= sent;
      this.keepLocally();
      this.attempts += 1;
      const wait = backoffMs(this.attempts);
      this.retryTimer = this.deps.setTimer(() => {
        this.retryTimer = null;
        void this.flush();
      }, wait);
      this.set({
        state: 'failed',
        failure: { kind: 'network', attempts: this.attempts, retryAt: this.deps.now() + wait, retryInMs: wait },
      });
      return;
    }
    this.blocked = true;
    if (kind === 'conflict') {
      this.set({ state: 'failed', failure: { kind: 'conflict' } });
      return;
    }
    const e = error as SendError;
    this.set({ state: 'failed', failure: { kind: 'refused', code: e.code ?? '', message: e.message ?? '' } });
  }

  /** "Try again" (or the browser is online again): sends now, except while a conflict waits for a choice. */
  retryNow(): void {
    if (this.snapshot.failure?.kind === 'conflict') return;
    this.blocked = false;
    this.attempts = 0;
    void this.flush();
  }

  /** The conflict is decided for this browser's text: it is sent as a change of the server's `serverVersion`. */
  keepMine(serverVersion: number): void {
    this.blocked = false;
    this.set({ version: serverVersion, failure: null });
    this.keepLocally();
    void this.flush();
  }

  /** The conflict is decided for the server's text (now shown): this browser's unsent changes are dropped. */
  takeTheirs(serverVersion: number): void {
    this.blocked = false;
    this.unsent = null;
    this.keepLocally();
    this.set({ version: serverVersion, failure: null, state: 'saved', savedAt: this.deps.now() });
  }

  /**
   * This page changed the draft through another route (its cover) and the server answered `version`: later saves
   * build on it. While a save is in flight the version is left alone (that save answers the newer one).
   */
  adopt(version: number): void {
    if (this.inFlight || version <= this.snapshot.version) return;
    this.set({ version });
    if (this.unsent) this.keepLocally();
  }

  dispose(): void {
    this.disposed = true;
    if (this.retryTimer !== null) this.deps.clearTimer(this.retryTimer);
    this.listeners.clear();
  }
}
