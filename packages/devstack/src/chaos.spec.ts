import {
  auditFailures,
  consumerAudit,
  exactlyOnce,
  killSchedule,
  LoadFigures,
  outcomeKind,
  recoveryTable,
} from './chaos.ts';

/** A repeatable sequence in [0, 1). */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('killSchedule', () => {
  it('kills at gaps drawn between the bounds, never in the quiet end', () => {
    const plan = killSchedule({
      durationMs: 600_000,
      minGapMs: 30_000,
      maxGapMs: 60_000,
      services: ['a', 'b', 'c'],
      random: sequence(0, 0.5, 0.999, 0.1),
    });
    expect(plan.length).toBeGreaterThanOrEqual(9);
    expect(plan.length).toBeLessThanOrEqual(20);
    let previous = 0;
    for (const kill of plan) {
      expect(kill.atMs - previous).toBeGreaterThanOrEqual(30_000);
      expect(kill.atMs - previous).toBeLessThanOrEqual(60_000);
      previous = kill.atMs;
    }
    expect(plan.at(-1)!.atMs).toBeLessThanOrEqual(600_000 - 15_000);
  });

  it('never kills the same service twice in a row when there is a choice', () => {
    const plan = killSchedule({
      durationMs: 100_000,
      minGapMs: 1_000,
      maxGapMs: 1_000,
      services: ['a', 'b'],
      random: () => 0,
    });
    expect(plan.slice(0, 4).map((k) => k.service)).toEqual(['a', 'b', 'a', 'b']);
    expect(killSchedule({ durationMs: 10_000, minGapMs: 3_000, maxGapMs: 3_000, services: ['x'] })).toEqual([
      { atMs: 3_000, service: 'x' },
      { atMs: 6_000, service: 'x' },
    ]);
  });

  it('plans nothing without services or with bounds the wrong way round', () => {
    expect(killSchedule({ durationMs: 60_000, minGapMs: 1_000, maxGapMs: 2_000, services: [] })).toEqual([]);
    expect(killSchedule({ durationMs: 60_000, minGapMs: 2_000, maxGapMs: 1_000, services: ['a'] })).toEqual([]);
  });

  it('places the short form’s two kills inside its load', () => {
    const plan = killSchedule({
      durationMs: 36_000,
      minGapMs: 11_000,
      maxGapMs: 13_000,
      services: ['a', 'b', 'c'],
      quietMs: 8_000,
      random: () => 0.5,
    });
    expect(plan.map((k) => k.atMs)).toEqual([12_000, 24_000]);
  });
});

describe('outcomeKind', () => {
  it('names statuses and failures', () => {
    expect(outcomeKind(200)).toBe('ok');
    expect(outcomeKind(302)).toBe('ok');
    expect(outcomeKind(503)).toBe('HTTP 503');
    expect(outcomeKind(409)).toBe('HTTP 409');
    expect(outcomeKind('TimeoutError')).toBe('timeout');
    expect(outcomeKind('AbortError')).toBe('timeout');
    expect(outcomeKind('TypeError')).toBe('network');
  });
});

describe('LoadFigures', () => {
  it('counts requests and errors by kind per operation and in all', () => {
    const figures = new LoadFigures();
    figures.record('read', 200, 10);
    figures.record('read', 503, 30);
    figures.record('read', 200, 20);
    figures.record('vote', 'TypeError', 5);
    figures.record('vote', 503, 7);
    expect(figures.requests).toBe(5);
    expect(figures.errorsByKind()).toEqual({ 'HTTP 503': 2, network: 1 });
    const table = figures.table().split('\n');
    expect(table[2]).toBe('| read | 3 | 1 | 1 × HTTP 503 | 20 | 30 |');
    expect(table[3]).toBe('| vote | 2 | 2 | 1 × HTTP 503, 1 × network | 7 | 7 |');
    expect(table[4]).toBe('| **all** | 5 | 3 | 2 × HTTP 503, 1 × network | 10 | 30 |');
  });
});

describe('recoveryTable', () => {
  it('lists kills with their recovery and pauses, in time order', () => {
    expect(
      recoveryTable(
        [{ service: 'search', killedAt: 12.04, readyAfterMs: 3100 }],
        [{ target: 'nats', at: 16, ms: 2000 }],
      ),
    ).toBe(
      [
        '| at s | event | recovery ms |',
        '|---:|---|---:|',
        '| 12.0 | kill -9 search | 3100 |',
        '| 16.0 | SIGSTOP nats for 2000 ms |  |',
      ].join('\n'),
    );
  });
});

describe('exactlyOnce', () => {
  it('finds the expected keys missing and any key found twice', () => {
    expect(exactlyOnce(['a', 'b', 'c'], ['a', 'c', 'c', 'x', 'x'])).toEqual({ missing: ['b'], doubled: ['c', 'x'] });
    expect(exactlyOnce(['a'], ['a'])).toEqual({ missing: [], doubled: [] });
  });
});

describe('consumerAudit', () => {
  const outbox = [
    { id: 'e1', subject: 'articles.article.voted' },
    { id: 'e2', subject: 'articles.article.voted' },
    { id: 'e3', subject: 'articles.article.published' },
  ];

  it('holds when each consumer took every event of the subjects it takes, once', () => {
    const processed = [
      { consumer: 'notifications-articles', eventId: 'e1', subject: 'articles.article.voted' },
      { consumer: 'notifications-articles', eventId: 'e2', subject: 'articles.article.voted' },
      { consumer: 'search-articles', eventId: 'e3', subject: 'articles.article.published' },
    ];
    const audit = consumerAudit(outbox, processed);
    expect(audit).toEqual([
      { consumer: 'notifications-articles', subject: 'articles.article.voted', events: 2, missing: [], doubled: [] },
      { consumer: 'search-articles', subject: 'articles.article.published', events: 1, missing: [], doubled: [] },
    ]);
    expect(auditFailures({}, audit)).toEqual([]);
  });

  it('names an event a consumer missed or took twice', () => {
    const processed = [
      { consumer: 'identity-articles', eventId: 'e1', subject: 'articles.article.voted' },
      { consumer: 'identity-articles', eventId: 'e1', subject: 'articles.article.voted' },
    ];
    const audit = consumerAudit(outbox, processed);
    expect(audit).toEqual([
      { consumer: 'identity-articles', subject: 'articles.article.voted', events: 2, missing: ['e2'], doubled: ['e1'] },
    ]);
    expect(auditFailures({ votes: { missing: ['v1'], doubled: [] } }, audit)).toEqual([
      'votes: 1 missing: v1',
      'identity-articles articles.article.voted: 1 not consumed: e2',
      'identity-articles articles.article.voted: 1 consumed twice: e1',
    ]);
  });
});
