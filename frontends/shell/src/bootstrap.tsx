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
void registry.load();

// A page the server rendered (the reader's article, home, category, profile) is on screen already, with its data in
// #pc-data: the app replaces it once the same page can render at once (its module and strings loaded, its data from
// #pc-data), so nothing flashes and nothing is fetched twice. Elsewhere the frame renders once its strings are there.
const firstRender = readInitialData() ? Promise.all([ready, registry.preload(location.pathname)]) : ready;

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
