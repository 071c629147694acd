// The editor alone on its own port (development): the same page without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import { FeedbackProvider, SessionProvider } from '@pencraft/ui';
import '@pencraft/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import Write from './exposes/Write.js';

const i18n = createI18n({ plugins: [initReactI18next] });
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <FeedbackProvider>
            <BrowserRouter>
              <Routes>
                <Route path="*" element={<Write />} />
              </Routes>
            </BrowserRouter>
          </FeedbackProvider>
        </SessionProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
