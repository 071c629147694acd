/** SPEC's read: at least this long on the article, or scrolled to its end. */
export const READ_SECONDS = 30;
/** Reaching the end faster than this is a glance, not a read. */
export const FINISHED_MIN_SECONDS = 5;

const ARTICLE_PATH = /^\/a\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?$/;

/** The article a page path shows, if it is an article page (/a/{id}). */
export function articleOfPath(pathname: string): string | undefined {
  return ARTICLE_PATH.exec(pathname)?.[1]?.toLowerCase();
}

export interface ReadReport {
  articleId: string;
  seconds: number;
  finished: boolean;
}

/**
 * One visit of an article page: the time it was visible (a hidden tab does not read) and whether the reader reached
 * the end. `end` answers the read to report, once, when it is one.
 */
export class ReadingVisit {
  private visibleSince: number | undefined;
  private visibleMs = 0;
  private finished = false;
  private ended = false;

  constructor(
    readonly articleId: string,
    now: number,
    visible: boolean,
  ) {
    if (visible) this.visibleSince = now;
  }

  visibility(visible: boolean, now: number): void {
    if (visible && this.visibleSince === undefined) this.visibleSince = now;
    if (!visible && this.visibleSince !== undefined) {
      this.visibleMs += now - this.visibleSince;
      this.visibleSince = undefined;
    }
  }

  reachedEnd(): void {
    this.finished = true;
  }

  seconds(now: number): number {
    const running = this.visibleSince === undefined ? 0 : now - this.visibleSince;
    return Math.floor((this.visibleMs + running) / 1000);
  }

  end(now: number): ReadReport | undefined {
    if (this.ended) return undefined;
    const seconds = this.seconds(now);
    const finished = this.finished && seconds >= FINISHED_MIN_SECONDS;
    if (seconds < READ_SECONDS && !finished) return undefined;
    this.ended = true;
    return { articleId: this.articleId, seconds, finished };
  }
}

/** Whether the end of the article (the bottom of its element) is within the window, give or take `slack` pixels. */
export function endInView(articleBottom: number, viewportHeight: number, slack = 80): boolean {
  return articleBottom <= viewportHeight + slack;
}
