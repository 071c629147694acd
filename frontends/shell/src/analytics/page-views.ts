/** Longest path the gateway takes (its schema); longer ones are cut. */
const MAX_PATH = 512;

/**
 * The path a page view reports: the pathname only (never the query or fragment), with secrets that live in a path
 * (a preview link's token) left out.
 */
export function reportablePath(pathname: string): string {
  let path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (/^\/preview\//.test(path)) path = '/preview';
  path = path.replace(/[\s?#]/g, '');
  return path.slice(0, MAX_PATH) || '/';
}

export interface PageViewReport {
  path: string;
  consent: boolean;
}

/**
 * Reports each navigation once: React may run an effect twice for one navigation (StrictMode in development), so a
 * navigation already reported (same history entry key) is skipped.
 */
export function createPageViewReporter(send: (report: PageViewReport) => Promise<unknown>) {
  let lastKey: string | undefined;
  return (navigation: { key: string; pathname: string }, consent: boolean): boolean => {
    if (navigation.key === lastKey) return false;
    lastKey = navigation.key;
    void send({ path: reportablePath(navigation.pathname), consent }).catch(() => undefined);
    return true;
  };
}
