import { describe, expect, it } from '@jest/globals';
import {
  afterWarmUp,
  gcShares,
  markdownTable,
  parseMetrics,
  renderChart,
  sampleOf,
  slope,
  slopeCertainty,
  soakPanels,
  verdictLine,
  verdictOf,
  type ProcessSample,
} from './soak.ts';

const MIB = 1024 * 1024;

const METRICS = `# HELP nodejs_eventloop_lag_p50_seconds The 50th percentile of the recorded event loop delays.
# TYPE nodejs_eventloop_lag_p50_seconds gauge
nodejs_eventloop_lag_p50_seconds{service="articles"} 0.010223615
nodejs_eventloop_lag_p99_seconds{service="articles"} 0.031113215
nodejs_heap_size_used_bytes{service="articles"} 52428800
nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor",service="articles"} 12
nodejs_gc_duration_seconds_sum{kind="minor",service="articles"} 0.25
nodejs_gc_duration_seconds_sum{kind="major",service="articles"} 0.5
nodejs_gc_duration_seconds_count{kind="major",service="articles"} 3
db_pool_total{service="articles"} 4
db_pool_idle{service="articles"} 3
db_pool_waiting{service="articles"} 0
db_pool_max{service="articles"} 10
nodejs_active_handles_total{service="articles"} 17
http_requests_total{service="articles",route="/a \\"quoted\\", b"} 5 1700000000000
not a metric line
`;

/** Samples every 10 s for `minutes`, with resident memory from `rss(at)`. */
function run(minutes: number, rss: (at: number) => number, extra: (at: number) => Partial<ProcessSample> = () => ({})) {
  return Array.from({ length: (minutes * 60) / 10 + 1 }, (_, i) => ({
    at: i * 10,
    rss: rss(i * 10),
    ...extra(i * 10),
  }));
}

describe('parseMetrics', () => {
  it('reads names, labels (escaped quotes too) and values, skipping comments and malformed lines', () => {
    const samples = parseMetrics(METRICS);
    expect(samples.find((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toEqual({
      name: 'nodejs_eventloop_lag_p99_seconds',
      labels: { service: 'articles' },
      value: 0.031113215,
    });
    expect(samples.find((s) => s.name === 'http_requests_total')?.labels.route).toBe('/a "quoted", b');
    expect(samples.some((s) => s.name === 'not')).toBe(false);
    expect(parseMetrics('x_bucket{le="+Inf"} +Inf')[0]?.value).toBe(Infinity);
  });

  it('makes one sample of a process: GC summed over kinds, pool gauges, handles; no metrics text, RSS only', () => {
    expect(sampleOf(30, 100 * MIB, METRICS)).toEqual({
      at: 30,
      rss: 100 * MIB,
      heapUsed: 52428800,
      // Beyond the 10 ms the loop is sampled at.
      lagP50: expect.closeTo(0.000223615, 9),
      lagP99: expect.closeTo(0.021113215, 9),
      gcSeconds: 0.75,
      poolTotal: 4,
      poolIdle: 3,
      poolWaiting: 0,
      poolMax: 10,
      handles: 17,
    });
    expect(sampleOf(30, MIB)).toEqual({ at: 30, rss: MIB });
    expect(sampleOf(30, MIB, '').lagP99).toBeUndefined();
    // An idle loop can read a little under the resolution: no delay, never a negative one.
    expect(sampleOf(0, MIB, 'nodejs_eventloop_lag_p50_seconds 0.0091').lagP50).toBe(0);
  });
});

describe('slope and warm-up', () => {
  it('is the least-squares slope, 0 for a flat line, one point or no spread in x', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        [0, 1],
        [1, 2],
        [2, 1],
        [3, 2],
      ]),
    ).toBeCloseTo(0.2);
    expect(
      slope([
        [0, 7],
        [5, 7],
      ]),
    ).toBe(0);
    expect(slope([[1, 1]])).toBe(0);
    expect(
      slope([
        [1, 1],
        [1, 5],
      ]),
    ).toBe(0);
  });

  it('says how sure a slope is: a line is certain, noise around a flat line is not', () => {
    expect(
      slopeCertainty([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBe(Infinity);
    expect(
      slopeCertainty([
        [0, 5],
        [1, 3],
        [2, 1],
      ]),
    ).toBe(-Infinity);
    expect(
      slopeCertainty([
        [0, 1],
        [1, 1],
        [2, 1],
      ]),
    ).toBe(0);
    expect(
      slopeCertainty([
        [0, 1],
        [1, 3],
      ]),
    ).toBe(0);
    const noise = [3, -2, 4, -5, 1, 2, -3, 5, -4, 0, 2, -1].map((y, x) => [x, 100 + y] as [number, number]);
    expect(Math.abs(slopeCertainty(noise))).toBeLessThan(2);
    const rise = noise.map(([x, y]) => [x, y + x * 2] as [number, number]);
    expect(slopeCertainty(rise)).toBeGreaterThan(3);
  });

  it('leaves out the first 20% of the time', () => {
    const samples = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((at) => ({ at }));
    expect(afterWarmUp(samples).map((s) => s.at)).toEqual([20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(afterWarmUp([])).toEqual([]);
  });

  it('turns cumulative GC seconds into shares of each interval, skipping a restart', () => {
    expect(
      gcShares([
        { at: 0, rss: 0, gcSeconds: 1 },
        { at: 10, rss: 0, gcSeconds: 1.5 },
        { at: 20, rss: 0, gcSeconds: 0.1 },
        { at: 30, rss: 0, gcSeconds: 0.3 },
      ]),
    ).toEqual([
      [10, 0.05],
      [30, expect.closeTo(0.02, 10)],
    ]);
  });
});

describe('verdictOf', () => {
  it('calls a process steady when its memory, lag, GC and pool stay flat after a growing warm-up', () => {
    // Memory climbs during the first 6 minutes (warm-up: JIT, caches), then is flat with noise.
    const verdict = verdictOf(
      'articles',
      run(
        30,
        (at) => (at < 360 ? 80 * MIB + at * 0.1 * MIB : 116 * MIB + ((at / 10) % 2) * MIB),
        (at) => ({
          lagP50: 0.01,
          lagP99: 0.03 + ((at / 10) % 3) * 0.001,
          gcSeconds: at * 0.02,
          poolTotal: 3,
          poolIdle: 2,
          poolMax: 10,
        }),
      ),
    );
    expect(verdict.flags).toEqual([]);
    expect(verdict.rssStart).toBe(80 * MIB);
    expect(verdict.gcShare).toBeCloseTo(0.02);
    expect(verdict.lagP50).toBe(0.01);
    expect(verdict.poolInUseEnd).toBe(1);
    expect(verdict.poolMax).toBe(10);
    expect(verdictLine([verdict])).toBe('no growth trend in 1 processes');
  });

  it('flags resident memory growing more than 10%/h, a rising lag, a rising GC share and a leaking pool', () => {
    // 100 MiB growing 1 MiB a minute: 60 MiB/h, far above 10%/h.
    const verdict = verdictOf(
      'gateway',
      run(
        30,
        (at) => 100 * MIB + (at / 60) * MIB,
        (at) => ({
          lagP99: 0.01 + at * 0.00001,
          gcSeconds: (at * at) / 20_000,
          poolTotal: 1 + Math.floor(at / 300),
          poolIdle: 0,
        }),
      ),
    );
    expect(verdict.rssGrowth).toBeGreaterThan(0.1);
    expect(verdict.flags).toEqual([
      expect.stringMatching(/^RSS \+\d+%\/h$/),
      expect.stringMatching(/^event-loop p99 \+36\.0 ms\/h$/),
      expect.stringMatching(/^GC time \+\d+\.\d points\/h$/),
      expect.stringMatching(/^pool in use \+\d+\.\d\/h$/),
    ]);
    expect(verdictLine([verdict])).toMatch(/^growth trend in 1 of 1 processes: gateway \(RSS/);
  });

  it('does not call the noise of a short run a trend, however steep its slope per hour', () => {
    const wobble = [3, -2, 4, -5, 1, 2, -3, 5, -4, 0, 2, -1, 4, -3, 1, 3, -2, 0, 1];
    const verdict = verdictOf(
      'search',
      run(
        3,
        (at) => 150 * MIB + wobble[at / 10]! * 4 * MIB,
        (at) => ({ lagP99: 0.002 + (wobble[at / 10]! + 5) / 1000, gcSeconds: at / 1000 + (at === 170 ? 0.2 : 0) }),
      ),
    );
    expect(Math.abs(verdict.rssGrowth)).toBeGreaterThan(0.1);
    expect(verdict.gcSharePerHour).toBeGreaterThan(0.01);
    expect(verdict.flags).toEqual([]);
  });

  it('keeps a process that reports no metrics (a static server) to its memory', () => {
    const verdict = verdictOf(
      'studio',
      run(3, () => 40 * MIB),
    );
    expect(verdict).toMatchObject({ rssGrowth: 0, flags: [] });
    expect(verdict.lagP99).toBeUndefined();
    expect(verdict.gcShare).toBeUndefined();
    expect(markdownTable([verdict])).toContain(
      '| studio | 40 | 40 | 40 | 0.0%/h (0.0 MiB/h) | - | - | - (-) | - | - | - | - | - | steady |',
    );
  });
});

describe('renderChart', () => {
  it('draws one polyline per process in each panel, and a legend naming every process', () => {
    const processes = ['gateway', 'articles', 'reader'].map((name, i) => ({
      name,
      samples: run(
        3,
        (at) => (50 + i * 10) * MIB + at * 1000,
        (at) => (name === 'reader' ? {} : { lagP99: 0.01, gcSeconds: at / 100, poolTotal: 2, poolIdle: 1 }),
      ),
    }));
    const panels = soakPanels(processes);
    expect(panels.map((panel) => panel.series.length)).toEqual([3, 2, 2, 2]);
    const svg = renderChart(panels, { title: 'Soak <3 min>', warmUpAt: 36 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(3 + 2 + 2 + 2);
    for (const name of ['gateway', 'articles', 'reader']) {
      expect(svg.match(new RegExp(`<polyline data-process="${name}"`, 'g'))?.length).toBe(name === 'reader' ? 1 : 4);
      expect(svg).toContain(`>${name}</text>`);
    }
    expect(svg).toContain('Soak &lt;3 min&gt;');
    expect(svg).toContain('stroke-dasharray');
    // Every polyline point is a pair of finite numbers inside the canvas.
    for (const [, points] of svg.matchAll(/points="([^"]*)"/g)) {
      for (const pair of points!.split(' ')) expect(pair).toMatch(/^\d+(\.\d)?,\d+(\.\d)?$/);
    }
  });
});
