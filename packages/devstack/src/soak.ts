// The soak's arithmetic (make soak, tests/soak/soak.ts), kept pure so the unit tier tests it: Prometheus text parsing,
// one sample per process, least-squares trends after a warm-up with the verdict per process, and the report as a
// Markdown table and an SVG chart (one polyline per process in each panel, written by hand: no chart dependency).

/** One line of the Prometheus text format: a metric name, its labels and its value. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments, blank and malformed lines skipped). */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const value = Number(match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : match[3]);
    if (Number.isNaN(value)) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) {
      labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The sum of a metric's samples (over every label set, e.g. every GC kind); undefined when it is not exposed. */
export function metricSum(samples: readonly MetricSample[], name: string): number | undefined {
  const matching = samples.filter((sample) => sample.name === name);
  return matching.length === 0 ? undefined : matching.reduce((total, sample) => total + sample.value, 0);
}

/** What the soak records of one process every interval. Bytes, seconds; undefined when the process does not say. */
export interface ProcessSample {
  /** Seconds since the steady load began. */
  at: number;
  /** Resident memory (VmRSS of /proc/<pid>/status). */
  rss: number;
  heapUsed?: number;
  /**
   * Event-loop delay percentiles since the previous scrape (prom-client resets its histogram on every scrape), beyond
   * the 10 ms the loop is sampled at (LAG_RESOLUTION_SECONDS).
   */
  lagP50?: number;
  lagP99?: number;
  /** Garbage collection time since the process started (nodejs_gc_duration_seconds, every kind). */
  gcSeconds?: number;
  /** The database pool: connections open, idle, queries waiting, its size. */
  poolTotal?: number;
  poolIdle?: number;
  poolWaiting?: number;
  poolMax?: number;
  /** Active libuv handles (sockets, timers, servers). */
  handles?: number;
}

/**
 * prom-client samples the event loop every 10 ms (monitorEventLoopDelay's resolution, its eventLoopMonitoringPrecision
 * default, which the kit keeps): an idle loop reads about 10.1 ms. The delay is what exceeds the resolution.
 */
export const LAG_RESOLUTION_SECONDS = 0.01;

const delayOf = (reading: number | undefined) =>
  reading === undefined ? undefined : Math.max(0, reading - LAG_RESOLUTION_SECONDS);

/** One interval's sample from the process's resident memory and its /metrics text (absent for a static server). */
export function sampleOf(at: number, rss: number, metricsText?: string): ProcessSample {
  const sample: ProcessSample = { at, rss };
  if (metricsText === undefined) return sample;
  const samples = parseMetrics(metricsText);
  const read = (name: string) => metricSum(samples, name);
  return {
    ...sample,
    heapUsed: read('nodejs_heap_size_used_bytes'),
    lagP50: delayOf(read('nodejs_eventloop_lag_p50_seconds')),
    lagP99: delayOf(read('nodejs_eventloop_lag_p99_seconds')),
    gcSeconds: read('nodejs_gc_duration_seconds_sum'),
    poolTotal: read('db_pool_total'),
    poolIdle: read('db_pool_idle'),
    poolWaiting: read('db_pool_waiting'),
    poolMax: read('db_pool_max'),
    handles: read('nodejs_active_handles_total'),
  };
}

/** The least-squares slope of y over x (0 with fewer than two points or no spread in x). */
export function slope(points: readonly (readonly [number, number])[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

/**
 * How sure a least-squares slope is: the slope over its standard error (a t statistic; Infinity on a perfect line,
 * 0 with fewer than three points or no spread in x). Noise around a flat line stays under 2 or so.
 */
export function slopeCertainty(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 3) return 0;
  const b = slope(points);
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const a = meanY - b * meanX;
  const residuals = points.reduce((sum, [x, y]) => sum + (y - a - b * x) ** 2, 0);
  const spread = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  if (spread === 0) return 0;
  const error = Math.sqrt(residuals / (n - 2) / spread);
  if (error === 0) return b === 0 ? 0 : Math.sign(b) * Infinity;
  return b / error;
}

/** The samples after the warm-up: the first `fraction` of the run's time is left out of every trend. */
export function afterWarmUp<T extends { at: number }>(samples: readonly T[], fraction = 0.2): T[] {
  if (samples.length === 0) return [];
  const first = samples[0]!.at;
  const last = samples.at(-1)!.at;
  const from = first + (last - first) * fraction;
  return samples.filter((sample) => sample.at >= from);
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const HOUR = 3600;

/** A series' trend per hour (least squares over [seconds, value]). */
function perHour(points: readonly (readonly [number, number])[]): number {
  return slope(points) * HOUR;
}

/** GC time as a share of wall time in each interval (a restart, where the total falls, is skipped). */
export function gcShares(samples: readonly ProcessSample[]): [number, number][] {
  const shares: [number, number][] = [];
  for (let i = 1; i < samples.length; i += 1) {
    const before = samples[i - 1]!;
    const now = samples[i]!;
    if (before.gcSeconds === undefined || now.gcSeconds === undefined || now.at <= before.at) continue;
    const spent = now.gcSeconds - before.gcSeconds;
    if (spent < 0) continue;
    shares.push([now.at, spent / (now.at - before.at)]);
  }
  return shares;
}

/** When a trend is called growth. */
export interface SoakLimits {
  /** Resident memory growing faster than this share of its mean per hour (0.10: 10%/h). */
  rssPerHour: number;
  /** Event-loop p99 rising faster than this many seconds per hour and than lagRelativePerHour of its mean. */
  lagPerHour: number;
  lagRelativePerHour: number;
  /** GC's share of wall time rising faster than this (0.01: one percentage point per hour) and than the relative limit. */
  gcSharePerHour: number;
  gcRelativePerHour: number;
  /** Pool connections in use rising faster than this many per hour. */
  poolPerHour: number;
  /** And only a rise this sure (slopeCertainty): the noise of a flat series is not a trend. */
  certainty: number;
}

export const SOAK_LIMITS: SoakLimits = {
  rssPerHour: 0.1,
  lagPerHour: 0.005,
  lagRelativePerHour: 0.25,
  gcSharePerHour: 0.01,
  gcRelativePerHour: 0.25,
  poolPerHour: 1,
  certainty: 3,
};

export interface ProcessVerdict {
  name: string;
  samples: number;
  rssStart: number;
  rssAfterWarmUp: number;
  rssEnd: number;
  /** Bytes per hour, and as a share of the mean resident memory after the warm-up. */
  rssPerHour: number;
  rssGrowth: number;
  heapPerHour?: number;
  /** Medians of the intervals' p50 and p99 after the warm-up, the worst p99, the p99's trend (seconds per hour). */
  lagP50?: number;
  lagP99?: number;
  lagP99Max?: number;
  lagPerHour?: number;
  /** GC time over wall time after the warm-up, and its trend (share per hour). */
  gcShare?: number;
  gcSharePerHour?: number;
  /** Pool connections in use (open minus idle): at the end, the most seen, the pool's size; most queries waiting. */
  poolInUseEnd?: number;
  poolInUseMax?: number;
  poolMax?: number;
  poolWaitingMax?: number;
  poolPerHour?: number;
  handlesStart?: number;
  handlesEnd?: number;
  /** What grows, in words; empty when nothing does. */
  flags: string[];
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

/** The trends of one process's samples after the warm-up, and what among them counts as growth. */
export function verdictOf(
  name: string,
  samples: readonly ProcessSample[],
  limits: SoakLimits = SOAK_LIMITS,
  warmUp = 0.2,
): ProcessVerdict {
  if (samples.length === 0) throw new Error(`${name}: no samples`);
  const measured = afterWarmUp(samples, warmUp);
  const series = (pick: (sample: ProcessSample) => number | undefined): [number, number][] =>
    measured.flatMap((sample) => {
      const value = pick(sample);
      return value === undefined ? [] : [[sample.at, value] as [number, number]];
    });
  const flags: string[] = [];
  const rss = series((s) => s.rss);
  const meanRss = rss.reduce((sum, [, y]) => sum + y, 0) / Math.max(rss.length, 1);
  const rssPerHour = perHour(rss);
  const rssGrowth = meanRss > 0 ? rssPerHour / meanRss : 0;
  const rising = (points: readonly (readonly [number, number])[]) => slopeCertainty(points) >= limits.certainty;
  if (rssGrowth > limits.rssPerHour && rising(rss)) flags.push(`RSS +${(rssGrowth * 100).toFixed(0)}%/h`);
  const verdict: ProcessVerdict = {
    name,
    samples: samples.length,
    rssStart: samples[0]!.rss,
    rssAfterWarmUp: measured[0]?.rss ?? samples[0]!.rss,
    rssEnd: samples.at(-1)!.rss,
    rssPerHour,
    rssGrowth,
    flags,
  };
  const heap = series((s) => s.heapUsed);
  if (heap.length > 0) verdict.heapPerHour = perHour(heap);
  const lag = series((s) => s.lagP99);
  if (lag.length > 0) {
    verdict.lagP50 = median(series((s) => s.lagP50).map(([, y]) => y));
    verdict.lagP99 = median(lag.map(([, y]) => y));
    verdict.lagP99Max = Math.max(...lag.map(([, y]) => y));
    verdict.lagPerHour = perHour(lag);
    const mean = lag.reduce((sum, [, y]) => sum + y, 0) / lag.length;
    const steep = verdict.lagPerHour > limits.lagPerHour && verdict.lagPerHour > mean * limits.lagRelativePerHour;
    if (steep && rising(lag)) {
      flags.push(`event-loop p99 +${(verdict.lagPerHour * 1000).toFixed(1)} ms/h`);
    }
  }
  const gcFrom = measured.filter((s) => s.gcSeconds !== undefined);
  if (gcFrom.length >= 2) {
    const first = gcFrom[0]!;
    const last = gcFrom.at(-1)!;
    if (last.at > first.at && last.gcSeconds! >= first.gcSeconds!) {
      verdict.gcShare = (last.gcSeconds! - first.gcSeconds!) / (last.at - first.at);
    }
    const shares = gcShares(gcFrom);
    verdict.gcSharePerHour = perHour(shares);
    const mean = verdict.gcShare ?? 0;
    const steep =
      verdict.gcSharePerHour > limits.gcSharePerHour && verdict.gcSharePerHour > mean * limits.gcRelativePerHour;
    if (steep && rising(shares)) {
      flags.push(`GC time +${(verdict.gcSharePerHour * 100).toFixed(1)} points/h`);
    }
  }
  const inUse = series((s) =>
    s.poolTotal === undefined || s.poolIdle === undefined ? undefined : s.poolTotal - s.poolIdle,
  );
  if (inUse.length > 0) {
    verdict.poolInUseEnd = inUse.at(-1)![1];
    verdict.poolInUseMax = Math.max(...inUse.map(([, y]) => y));
    verdict.poolMax = measured.map((s) => s.poolMax).findLast(defined);
    verdict.poolWaitingMax = Math.max(0, ...series((s) => s.poolWaiting).map(([, y]) => y));
    verdict.poolPerHour = perHour(inUse);
    if (verdict.poolPerHour > limits.poolPerHour && rising(inUse)) {
      flags.push(`pool in use +${verdict.poolPerHour.toFixed(1)}/h`);
    }
  }
  const handles = samples.map((s) => s.handles).filter(defined);
  if (handles.length > 0) {
    verdict.handlesStart = handles[0];
    verdict.handlesEnd = handles.at(-1);
  }
  return verdict;
}

// --- the report ---------------------------------------------------------------------------------------------------

const MIB = 1024 * 1024;
const fixed = (value: number | undefined, digits: number, scale = 1) =>
  value === undefined || !Number.isFinite(value) ? '-' : (value * scale).toFixed(digits);
const signed = (value: number | undefined, digits: number, scale = 1) => {
  const text = fixed(value, digits, scale);
  return value !== undefined && value > 0 && text !== '-' ? `+${text}` : text;
};

/** The table of the report: one row per process, then the verdict. */
export function markdownTable(verdicts: readonly ProcessVerdict[]): string {
  const lines = [
    '| process | RSS start MiB | after warm-up | end | RSS trend | heap trend MiB/h | lag p50 ms | lag p99 ms (worst) | lag p99 trend ms/h | GC time | GC trend points/h | DB pool in use end (most) / max | handles start → end | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const v of verdicts) {
    const pool =
      v.poolInUseEnd === undefined
        ? '-'
        : `${v.poolInUseEnd} (${v.poolInUseMax}) / ${v.poolMax ?? '?'}` +
          (v.poolWaitingMax ? `, ${v.poolWaitingMax} waiting` : '');
    const handles = v.handlesStart === undefined ? '-' : `${v.handlesStart} → ${v.handlesEnd}`;
    lines.push(
      `| ${v.name} | ${fixed(v.rssStart / MIB, 0)} | ${fixed(v.rssAfterWarmUp / MIB, 0)} | ${fixed(v.rssEnd / MIB, 0)} | ` +
        `${signed(v.rssGrowth * 100, 1)}%/h (${signed(v.rssPerHour / MIB, 1)} MiB/h) | ${signed(v.heapPerHour, 1, 1 / MIB)} | ` +
        `${fixed(v.lagP50, 1, 1000)} | ${fixed(v.lagP99, 1, 1000)} (${fixed(v.lagP99Max, 1, 1000)}) | ${signed(v.lagPerHour, 1, 1000)} | ` +
        `${v.gcShare === undefined ? '-' : `${fixed(v.gcShare, 2, 100)}%`} | ${signed(v.gcSharePerHour, 2, 100)} | ` +
        `${pool} | ${handles} | ${v.flags.length === 0 ? 'steady' : `**grows**: ${v.flags.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}

/** The verdict in one line: which processes grow, or none. */
export function verdictLine(verdicts: readonly ProcessVerdict[]): string {
  const growing = verdicts.filter((v) => v.flags.length > 0);
  return growing.length === 0
    ? `no growth trend in ${verdicts.length} processes`
    : `growth trend in ${growing.length} of ${verdicts.length} processes: ` +
        growing.map((v) => `${v.name} (${v.flags.join('; ')})`).join(', ');
}

export interface ChartSeries {
  name: string;
  points: readonly (readonly [number, number])[];
}

export interface ChartPanel {
  title: string;
  series: readonly ChartSeries[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A distinct colour for each of n series. */
export function colourOf(index: number, count: number): string {
  return `hsl(${Math.round((index * 360) / Math.max(count, 1))}, 70%, 40%)`;
}

/**
 * Panels stacked vertically, each with one polyline per series (a process), the x axis in minutes, a dashed line
 * where the warm-up ends, and one legend for all (a process keeps its colour in every panel).
 */
export function renderChart(panels: readonly ChartPanel[], options: { title: string; warmUpAt?: number }): string {
  const width = 960;
  const panelHeight = 180;
  const left = 70;
  const right = 200;
  const top = 40;
  const gap = 40;
  const plotWidth = width - left - right;
  const names = [...new Set(panels.flatMap((panel) => panel.series.map((series) => series.name)))];
  const height = top + panels.length * (panelHeight + gap) + 10;
  const all = panels.flatMap((panel) => panel.series.flatMap((series) => series.points.map(([x]) => x)));
  const minX = all.length ? Math.min(...all) : 0;
  const maxX = all.length ? Math.max(...all, minX + 1) : 1;
  const sx = (x: number) => left + ((x - minX) / (maxX - minX)) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="14" font-weight="bold">${escapeXml(options.title)}</text>`,
  ];
  panels.forEach((panel, p) => {
    const y0 = top + p * (panelHeight + gap);
    const values = panel.series.flatMap((series) => series.points.map(([, y]) => y));
    const maxY = values.length ? Math.max(...values) : 1;
    const minY = Math.min(0, ...values);
    const span = maxY - minY || 1;
    const sy = (y: number) => y0 + panelHeight - ((y - minY) / span) * panelHeight;
    parts.push(
      `<text x="${left}" y="${y0 - 6}" font-weight="bold">${escapeXml(panel.title)}</text>`,
      `<rect x="${left}" y="${y0}" width="${plotWidth}" height="${panelHeight}" fill="none" stroke="#999"/>`,
      `<text x="${left - 6}" y="${y0 + 4}" text-anchor="end">${formatTick(maxY)}</text>`,
      `<text x="${left - 6}" y="${y0 + panelHeight}" text-anchor="end">${formatTick(minY)}</text>`,
      `<text x="${left}" y="${y0 + panelHeight + 14}">${formatTick(minX / 60)} min</text>`,
      `<text x="${left + plotWidth}" y="${y0 + panelHeight + 14}" text-anchor="end">${formatTick(maxX / 60)} min</text>`,
    );
    if (options.warmUpAt !== undefined && options.warmUpAt > minX && options.warmUpAt < maxX) {
      const x = sx(options.warmUpAt).toFixed(1);
      parts.push(
        `<line x1="${x}" y1="${y0}" x2="${x}" y2="${y0 + panelHeight}" stroke="#bbb" stroke-dasharray="4 3"/>`,
      );
    }
    for (const series of panel.series) {
      if (series.points.length === 0) continue;
      const colour = colourOf(names.indexOf(series.name), names.length);
      const points = series.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
      parts.push(
        `<polyline data-process="${escapeXml(series.name)}" fill="none" stroke="${colour}" stroke-width="1.5" points="${points}"/>`,
      );
    }
  });
  names.forEach((name, i) => {
    const y = top + 10 + i * 16;
    const x = width - right + 16;
    parts.push(
      `<line x1="${x}" y1="${y - 4}" x2="${x + 18}" y2="${y - 4}" stroke="${colourOf(i, names.length)}" stroke-width="3"/>`,
      `<text x="${x + 24}" y="${y}">${escapeXml(name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function formatTick(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The soak's panels (RSS, heap, event-loop p99, GC share, pool in use), one series per process that reports it; empty panels left out. */
export function soakPanels(processes: readonly { name: string; samples: readonly ProcessSample[] }[]): ChartPanel[] {
  const panel = (title: string, pick: (s: ProcessSample) => number | undefined): ChartPanel => ({
    title,
    series: processes
      .map(({ name, samples }) => ({
        name,
        points: samples.flatMap((s) => {
          const value = pick(s);
          return value === undefined ? [] : [[s.at, value] as [number, number]];
        }),
      }))
      .filter((series) => series.points.length > 0),
  });
  const panels: ChartPanel[] = [
    panel('Resident memory (MiB)', (s) => s.rss / MIB),
    panel('V8 heap used (MiB)', (s) => (s.heapUsed === undefined ? undefined : s.heapUsed / MIB)),
    panel('Event-loop delay p99 per interval (ms)', (s) => (s.lagP99 === undefined ? undefined : s.lagP99 * 1000)),
    {
      title: 'GC time (% of wall time per interval)',
      series: processes
        .map(({ name, samples }) => ({
          name,
          points: gcShares(samples).map(([at, share]) => [at, share * 100] as [number, number]),
        }))
        .filter((series) => series.points.length > 0),
    },
    panel('Database pool connections in use', (s) =>
      s.poolTotal === undefined || s.poolIdle === undefined ? undefined : s.poolTotal - s.poolIdle,
    ),
  ];
  return panels.filter((chart) => chart.series.length > 0);
}
