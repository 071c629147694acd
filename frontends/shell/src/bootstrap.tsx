import { createI18n, registerNamespaces } from '@pencraft/i18n';
import { readInitialData } from '@pencraft/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { App } from './App.js';
import { RemoteRegistry } from './remotes/registry.js';

// The shell's own strings, one chunk per language; the remotes' namespaces are registered as they are found.
const { i18n, ready } = createI18n({
  plugins: [initReactI18next],
  namespaces: { shell: (language) => import(`./locales/${language}.ts`) },
});
// The notifications' strings load when a signed-in page first shows the bell (visitors never need them).
registerNamespaces(i18n, { notifications: (language) => import(`./notifications/locales/${language}.ts`) });
const registry = new RemoteRegistry(i18n);
const serverRendered = Boolean(readInitialData());
// A page the server rendered is the reader's: the other remotes (the editor's and the settings' route tables and
// strings) wait until the reader does something — the first interaction here, a signed-in session (useNavEntries), or a
// navigation to one of their pages (the registry) — so a visitor who only reads never downloads them.
if (serverRendered) {
  registry.deferOthers(location.pathname);
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
  const loadOthers = () => {
    for (const type of events) removeEventListener(type, loadOthers, true);
    void registry.loadOthers();
  };
  for (const type of events) addEventListener(type, loadOthers, { capture: true, passive: true });
}
void registry.load();

// A page the server rendered (the reader's article, home, category, profile) is on screen already, with its data in
// #pc-data: the app replaces it once the same page can render at once (its module and strings loaded, its data from
// #pc-data), so nothing flashes and nothing is fetched twice. Elsewhere the frame renders once its strings are there.
const firstRender = serverRendered ? Promise.all([ready, registry.preload(location.pathname)]) : ready;

const root = document.getElementById('root');
if (root) {
  void firstRender.finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} registry={registry} />
      </StrictMode>,
    ),
  );
}
