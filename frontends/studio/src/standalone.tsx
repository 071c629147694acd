// The studio remote alone on its own port (development): its pages from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { renderStandalone } from '@pencraft/ui/standalone';
import { initReactI18next } from 'react-i18next';
import studio from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: studio.namespaces });
renderStandalone({ i18n, ready, routes: studio.routes, redirectTo: '/studio' });
