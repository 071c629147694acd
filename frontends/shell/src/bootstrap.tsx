import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { App } from './App.js';
import { RemoteRegistry } from './remotes/registry.js';
import './shell.css';

// The shell's own strings, one chunk per language; the remotes' namespaces are registered as they are found.
const { i18n, ready } = createI18n({
  plugins: [initReactI18next],
  namespaces: { shell: (language) => import(`./locales/${language}.ts`) },
});
const registry = new RemoteRegistry(i18n);
void registry.load();

const root = document.getElementById('root');
if (root) {
  // The frame renders once its strings are there (a short wait; the remotes keep loading meanwhile).
  void ready.finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} registry={registry} />
      </StrictMode>,
    ),
  );
}
