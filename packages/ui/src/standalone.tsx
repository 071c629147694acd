// A remote alone on its own port (development): its pages without the shell's frame, but inside the same
// providers (language, session, feedback) and router. Its own entry of the UI kit (`@pencraft/ui/standalone`), not
// part of the shared singleton: only a remote's standalone page imports it, and it takes the kit's providers from
// `@pencraft/ui` itself, so the page shares them with the pages it shows.
import { FeedbackProvider, SessionProvider, Spinner, type RemoteRoute } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';

export interface StandaloneOptions {
  /** The remote's i18next set-up (createI18n of @pencraft/i18n with its namespaces); rendering waits for `ready`. */
  i18n: I18n;
  ready: Promise<unknown>;
  /** The pages to show, each loaded when first opened. */
  routes: readonly RemoteRoute[];
  /** Where any other path leads (e.g. the remote's first page); without it, other paths show nothing. */
  redirectTo?: string | undefined;
  /** Above the pages, inside the router (e.g. links to them). */
  nav?: ReactNode;
  /** The element to render into (default `#root`); nothing is rendered when it is missing. */
  root?: HTMLElement | null;
}

/** Renders a remote's standalone page once its strings are loaded. */
export function renderStandalone({
  i18n,
  ready,
  routes,
  redirectTo,
  nav,
  root = document.getElementById('root'),
}: StandaloneOptions): void {
  document.documentElement.lang = i18n.language;
  const pages = routes.map((route) => ({ path: route.path, Page: lazy(route.load) }));
  if (!root) return;
  void ready.then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <SessionProvider>
            <FeedbackProvider>
              <BrowserRouter>
                {nav}
                <main>
                  <Suspense fallback={<Spinner size="large" />}>
                    <Routes>
                      {pages.map(({ path, Page }) => (
                        <Route key={path} path={path} element={<Page />} />
                      ))}
                      {redirectTo !== undefined && <Route path="*" element={<Navigate to={redirectTo} replace />} />}
                    </Routes>
                  </Suspense>
                </main>
              </BrowserRouter>
            </FeedbackProvider>
          </SessionProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}
