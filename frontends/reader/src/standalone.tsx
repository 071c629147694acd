// The reader alone on its own port (development): the same pages without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import { FeedbackProvider, SessionProvider } from '@pencraft/ui';
import '@pencraft/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import Article from './exposes/Article.js';
import Home from './exposes/Home.js';
import Search from './exposes/Search.js';

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
              <nav className="pc-container pc-standalone-nav">
                <Link to="/">Pencraft · reader</Link> <Link to="/search">/search</Link>
              </nav>
              <Routes>
                <Route index element={<Home />} />
                <Route path="a/:id" element={<Article />} />
                <Route path="search" element={<Search />} />
              </Routes>
            </BrowserRouter>
          </FeedbackProvider>
        </SessionProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
