import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { App } from './App.js';
import './shell.css';

const i18n = createI18n({ plugins: [initReactI18next] });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}
