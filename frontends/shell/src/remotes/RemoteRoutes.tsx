import { Button, ErrorBoundary, Spinner, type RemoteRoute } from '@pencraft/ui';
import { createElement, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { useRegistry, useRemotes } from './context.js';
import { prefixesMatch, relativePath, splitPrefixedSegments } from './manifest.js';

export function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="pc-container pc-page">
      <div className="pc-notice" role="alert">
        {/* The page's heading: what failed is the page's main content. */}
        <h1 className="pc-notice__title">{t('errors.remoteFailed')}</h1>
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    </div>
  );
}

function RemoteLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="pc-remote-loading">
      <Spinner label={t('loading')} size="large" />
    </div>
  );
}

/** Suspends until the page's module (and, through it, its namespace) is there; a failure throws to the boundary. */
function PageContent({ route, attempt }: { route: RemoteRoute; attempt: number }) {
  return createElement(use(useRegistry().page(route, attempt)).default);
}

/**
 * One page of a remote, inside its own error boundary: a remote that is offline, fails to load or throws while
 * rendering shows a localised notice with a retry, and the rest of the page keeps working.
 */
function RemotePage({ remote, route }: { remote: string; route: RemoteRoute }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={`${pathname}#${attempt}`}
      fallback={<RemoteFailed onRetry={() => setAttempt((n) => n + 1)} />}
      onError={(error) => console.error(`[shell] remote ${remote} failed on ${route.path}`, error)}
    >
      <Suspense fallback={<RemoteLoading />}>
        <PageContent route={route} attempt={attempt} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A page whose path has prefixed segments (`/@:username`): other values of the segment are not its page. */
function PrefixGuard({
  prefixes,
  fallback,
  children,
}: {
  prefixes: Record<string, string>;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return prefixesMatch(useParams(), prefixes) ? children : fallback;
}

/**
 * Every path the shell does not own: the pages the remotes declare, else 404 — or, while a remote is
 * unavailable, the "could not be loaded" notice, since the path may well be one of its pages.
 */
export function RemoteRoutes() {
  const registry = useRegistry();
  const { status, remotes, failed } = useRemotes();
  const { pathname } = useLocation();
  // A path under the mount of a remote that is not loaded yet (the first visit to /staff, or a link into it): that
  // remote is loaded now, and the page waits for it instead of saying "not found".
  const waiting = registry.needs(pathname);
  useEffect(() => {
    if (waiting) void registry.load(pathname);
  }, [registry, pathname, waiting]);
  if (waiting || (status === 'loading' && remotes.length === 0)) return <RemoteLoading />;
  const fallback =
    status === 'loading' ? (
      <RemoteLoading />
    ) : failed.length > 0 ? (
      <RemoteFailed onRetry={() => void registry.load(pathname)} />
    ) : (
      <NotFoundPage />
    );
  return (
    <Routes>
      {remotes.flatMap(({ name, manifest }) =>
        manifest.routes.map((route) =>
          route.path === '/' ? (
            <Route key={`${name}:/`} index element={<RemotePage remote={name} route={route} />} />
          ) : (
            <Route
              key={`${name}:${route.path}`}
              path={relativePath(splitPrefixedSegments(route.path).path)}
              element={
                <PrefixGuard prefixes={splitPrefixedSegments(route.path).prefixes} fallback={fallback}>
                  <RemotePage remote={name} route={route} />
                </PrefixGuard>
              }
            />
          ),
        ),
      )}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
