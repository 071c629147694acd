import { api, CSRF_COOKIE, CSRF_HEADER, documentCookie } from '@pencraft/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { consentStore } from '../consent/consent.js';
import { articleOfPath, endInView, ReadingVisit, type ReadReport } from './reading.js';

function body(report: ReadReport) {
  return { ...report, consent: consentStore().get().consent === true };
}

/** The page is going away: a request that outlives it (keepalive), with the CSRF token the page already holds. */
function sendOnExit(report: ReadReport) {
  const token = documentCookie(CSRF_COOKIE);
  if (!token) return;
  void fetch('/api/analytics/read', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: token },
    body: JSON.stringify(body(report)),
  }).catch(() => undefined);
}

/**
 * On an article page, measures the visible reading time and whether the reader reached the end; when the reader
 * leaves (another page, or the tab closes) after 30 seconds or at the end, reports the read.
 */
export function useReadReports(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const articleId = articleOfPath(pathname);
    if (!articleId) return;
    const visit = new ReadingVisit(articleId, Date.now(), document.visibilityState === 'visible');
    // The article's element, once the page has rendered it (the reader's article page: <article class="pc-article">).
    const checkEnd = () => {
      const article = document.querySelector('main article.pc-article') ?? document.querySelector('main article');
      if (article && endInView(article.getBoundingClientRect().bottom, window.innerHeight)) visit.reachedEnd();
    };
    // Also while nobody scrolls: a short article fits the window once it is shown.
    const timer = window.setInterval(checkEnd, 1_000);
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      visit.visibility(visible, Date.now());
    };
    const onPageHide = () => {
      const report = visit.end(Date.now());
      if (report) sendOnExit(report);
    };
    window.addEventListener('scroll', checkEnd, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('scroll', checkEnd);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      const report = visit.end(Date.now());
      if (report) void api.post('/api/analytics/read', { body: body(report) }).catch(() => undefined);
    };
  }, [pathname]);
}
