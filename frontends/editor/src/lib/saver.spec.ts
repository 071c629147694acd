import { emptyValues, type DraftValues, type Pending } from './local-draft.js';
import { backoffMs, classify, DraftSaver, type SaverDeps, type SaverSnapshot } from './saver.js';

/** A saver with a scripted server, a clock and timers run by hand, and a record of what was kept locally. */
function harness(version = 1) {
  let now = 1000;
  const timers = new Map<number, { run: () => void; at: number }>();
  let nextTimer = 1;
  const sent: { values: DraftValues; version: number }[] = [];
  const answers: ((values: DraftValues, version: number) => Promise<{ version: number }>)[] = [];
  const kept: (Pending | null)[] = [];
  const deps: SaverDeps = {
    send: (values, base) => {
      sent.push({ values, version: base });
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected send');
      return answer(values, base);
    },
    keep: (pending) => {
      kept.push(pending);
      return true;
    },
    now: () => now,
    setTimer: (run, ms) => {
      const id = nextTimer++;
      timers.set(id, { run, at: now + ms });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  const saver = new DraftSaver(deps, version);
  const states: SaverSnapshot[] = [];
  saver.subscribe((s) => states.push(s));
  return {
    saver,
    sent,
    kept,
    states,
    timers,
    answer: (fn: (values: DraftValues, version: number) => Promise<{ version: number }>) => answers.push(fn),
    ok: (v: number) => answers.push(() => Promise.resolve({ version: v })),
    fail: (error: object) => answers.push(() => Promise.reject(error)),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const values = (title: string): DraftValues => ({ ...emptyValues('az'), title });

describe('DraftSaver', () => {
  it('keeps a change locally, sends it on the current version and forgets it once confirmed', async () => {
    const h = harness(3);
    h.ok(4);
    h.saver.touch();
    expect(h.saver.current.state).toBe('editing');
    h.saver.update(values('Bakı'));
    expect(h.kept[0]).toEqual({ values: values('Bakı'), baseVersion: 3, changedAt: 1000 });
    expect(h.saver.current.state).toBe('saving');
    await flush();
    expect(h.sent).toEqual([{ values: values('Bakı'), version: 3 }]);
    expect(h.saver.current).toMatchObject({ state: 'saved', version: 4, failure: null });
    expect(h.kept.at(-1)).toBeNull();
    expect(h.states.map((s) => s.state)).toEqual(['editing', 'saving', 'saved']);
  });

  it('sends what was typed during a save as a change of the new version, one request at a time', async () => {
    const h = harness(1);
    let release!: () => void;
    h.answer(() => new Promise((resolve) => (release = () => resolve({ version: 2 }))));
    h.ok(3);
    h.saver.update(values('a'));
    h.saver.update(values('ab'));
    expect(h.sent).toHaveLength(1);
    release();
    await flush();
    await flush();
    expect(h.sent.map((s) => [s.values.title, s.version])).toEqual([
      ['a', 1],
      ['ab', 2],
    ]);
    expect(h.saver.current).toMatchObject({ state: 'saved', version: 3 });
    expect(h.saver.hasUnsent).toBe(false);
  });

  it('retries a lost connection with backoff, keeps the text meanwhile, and says so', async () => {
    const h = harness(1);
    h.fail({ status: 0, code: 'NetworkError', message: 'offline' });
    h.fail({ status: 503, code: 'InternalServerError' });
    h.ok(2);
    h.saver.update(values('offline text'));
    await flush();
    expect(h.saver.current).toMatchObject({
      state: 'failed',
      failure: { kind: 'network', attempts: 1, retryAt: 2000 },
    });
    expect(h.kept.at(-1)?.values.title).toBe('offline text');
    // Typing while offline stays "failed" (the writer is told it is not on the server yet).
    h.saver.touch();
    expect(h.saver.current.state).toBe('failed');
    h.advance(1000);
    await flush();
    expect(h.saver.current.failure).toMatchObject({ kind: 'network', attempts: 2, retryAt: 4000 });
    h.advance(2000);
    await flush();
    expect(h.saver.current).toMatchObject({ state: 'saved', version: 2, failure: null });
    expect(h.sent).toHaveLength(3);
    expect(h.kept.at(-1)).toBeNull();
  });

  it('retries at once when asked (the browser is online again)', async () => {
    const h = harness(1);
    h.fail({ status: 0, code: 'NetworkError' });
    h.ok(2);
    h.saver.update(values('x'));
    await flush();
    h.saver.retryNow();
    await flush();
    expect(h.saver.current.state).toBe('saved');
    expect(h.timers.size).toBe(0);
  });

  it('stops on a conflict, keeps the text locally and sends nothing until the writer chooses', async () => {
    const h = harness(1);
    h.fail({ status: 409, code: 'DraftConflict', message: 'changed elsewhere' });
    h.saver.update(values('mine'));
    await flush();
    expect(h.saver.current).toMatchObject({ state: 'failed', failure: { kind: 'conflict' } });
    h.saver.update(values('mine, more'));
    h.saver.retryNow();
    await flush();
    expect(h.sent).toHaveLength(1);
    expect(h.kept.at(-1)).toMatchObject({ values: { title: 'mine, more' }, baseVersion: 1 });
    // Keep mine: sent as a change of the server's version.
    h.ok(6);
    h.saver.keepMine(5);
    await flush();
    expect(h.sent.at(-1)).toEqual({ values: values('mine, more'), version: 5 });
    expect(h.saver.current).toMatchObject({ state: 'saved', version: 6 });
  });

  it("drops this browser's changes when the writer takes the other version", async () => {
    const h = harness(1);
    h.fail({ status: 409, code: 'DraftConflict' });
    h.saver.update(values('mine'));
    await flush();
    h.saver.takeTheirs(7);
    expect(h.saver.current).toMatchObject({ state: 'saved', version: 7, failure: null });
    expect(h.kept.at(-1)).toBeNull();
    expect(h.saver.hasUnsent).toBe(false);
  });

  it('restores unsent changes: sent when made on the current version, a conflict when the server moved on', async () => {
    const same = harness(4);
    same.ok(5);
    same.saver.restore({ values: values('kept'), baseVersion: 4, changedAt: 1 });
    await flush();
    expect(same.sent).toEqual([{ values: values('kept'), version: 4 }]);
    expect(same.saver.current.state).toBe('saved');

    const moved = harness(6);
    moved.saver.restore({ values: values('kept'), baseVersion: 4, changedAt: 1 });
    expect(moved.saver.current).toMatchObject({ state: 'failed', failure: { kind: 'conflict' } });
    expect(moved.sent).toHaveLength(0);
  });

  it('keeps a save whose answer never came, and on the next load builds on it when the server holds exactly that', async () => {
    const h = harness(4);
    h.fail({ status: 0, code: 'NetworkError' });
    h.saver.update(values('sent, answer lost'));
    await flush();
    expect(h.kept.at(-1)).toMatchObject({ baseVersion: 4, unanswered: values('sent, answer lost') });

    // The server did store it (version 5); the next load's later words are sent on 5, not held as a conflict.
    const pending: Pending = {
      values: values('sent, answer lost, then more'),
      baseVersion: 4,
      changedAt: 1,
      unanswered: values('sent, answer lost'),
    };
    const own = harness(5);
    own.ok(6);
    own.saver.restore(pending, values('sent, answer lost'));
    await flush();
    expect(own.sent).toEqual([{ values: values('sent, answer lost, then more'), version: 5 }]);
    expect(own.saver.current).toMatchObject({ state: 'saved', version: 6 });

    // Someone else's version 5 (other values), or a server two versions on, is still a conflict.
    const other = harness(5);
    other.saver.restore(pending, values('written in another tab'));
    expect(other.saver.current).toMatchObject({ state: 'failed', failure: { kind: 'conflict' } });
    const further = harness(6);
    further.saver.restore(pending, values('sent, answer lost'));
    expect(further.saver.current).toMatchObject({ state: 'failed', failure: { kind: 'conflict' } });
  });

  it('waits for the writer after a refusal (a rule or a cap) and names it', async () => {
    const h = harness(1);
    h.fail({ status: 429, code: 'MaxDraftsCountReached', message: 'at most 10 drafts' });
    h.saver.update(values('x'));
    await flush();
    // A cap is a refusal with its message (not a rate limit to wait out, nor a conflict).
    expect(h.saver.current.failure).toEqual({
      kind: 'refused',
      code: 'MaxDraftsCountReached',
      message: 'at most 10 drafts',
    });

    const r = harness(1);
    r.fail({ status: 400, code: 'InvalidArticleTitle', message: 'title too long' });
    r.ok(2);
    r.saver.update(values('x'));
    await flush();
    expect(r.saver.current).toMatchObject({
      state: 'failed',
      failure: { kind: 'refused', code: 'InvalidArticleTitle', message: 'title too long' },
    });
    expect(r.timers.size).toBe(0);
    r.saver.retryNow();
    await flush();
    expect(r.saver.current.state).toBe('saved');
  });

  it('reports a browser that refuses to keep the text', () => {
    const h = harness(1);
    const saver = new DraftSaver(
      {
        send: () => new Promise(() => undefined),
        keep: () => false,
        now: () => 0,
        setTimer: () => 0,
        clearTimer: () => undefined,
      },
      1,
    );
    saver.update(values('x'));
    expect(saver.current.keptLocally).toBe(false);
    expect(h.saver.current.keptLocally).toBe(true);
  });
});

describe('classify and backoff', () => {
  it('tells conflicts, lost connections and refusals apart', () => {
    expect(classify({ status: 409, code: 'DraftConflict' })).toBe('conflict');
    expect(classify({ status: 409, code: 'EditArticleCount' })).toBe('refused');
    expect(classify({ status: 429, code: 'MaxDraftsCountReached' })).toBe('refused');
    expect(classify({ status: 0, code: 'NetworkError' })).toBe('network');
    expect(classify({ status: 502 })).toBe('network');
    expect(classify({ status: 429, code: 'TooManyRequests' })).toBe('network');
    expect(classify(new TypeError('fetch failed'))).toBe('network');
    expect(classify({ status: 400, code: 'InvalidModel' })).toBe('refused');
    expect(classify({ status: 401, code: 'Unauthorized' })).toBe('refused');
  });

  it('doubles the wait up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('DraftSaver.adopt', () => {
  it('builds on the version another route of this page answered, never going back or racing a save', async () => {
    const h = harness(2);
    h.saver.adopt(3);
    expect(h.saver.current.version).toBe(3);
    h.saver.adopt(1);
    expect(h.saver.current.version).toBe(3);
    let release!: () => void;
    h.answer(() => new Promise((resolve) => (release = () => resolve({ version: 5 }))));
    h.saver.update(values('x'));
    h.saver.adopt(4);
    expect(h.saver.current.version).toBe(3);
    release();
    await flush();
    expect(h.saver.current.version).toBe(5);
  });
});
