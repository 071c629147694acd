// The settings remote alone on its own port (development): its pages from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { renderStandalone } from '@pencraft/ui/standalone';
import { initReactI18next } from 'react-i18next';
import settings from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: settings.namespaces });
renderStandalone({ i18n, ready, routes: settings.routes, redirectTo: '/settings' });
