// The reader alone on its own port (development): its pages from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { renderStandalone } from '@pencraft/ui/standalone';
import { initReactI18next } from 'react-i18next';
import { Link } from 'react-router';
import reader from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: reader.namespaces });
renderStandalone({
  i18n,
  ready,
  // react-router matches whole segments: /@:username as :username (the page drops the "@").
  routes: reader.routes.map(({ path, load }) => ({ path: path.replace('/@:', '/:'), load })),
  nav: (
    <nav className="pc-container pc-standalone-nav">
      <Link to="/">Pencraft · reader</Link> <Link to="/search">/search</Link>
    </nav>
  ),
});
