// The editor alone on its own port (development): its page from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import '@pencraft/ui/styles.css';
import { renderStandalone } from '@pencraft/ui/standalone';
import { initReactI18next } from 'react-i18next';
import editor from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: editor.namespaces });
// Every path shows the editor's first page, so the standalone server's root opens it too.
renderStandalone({ i18n, ready, routes: [{ path: '*', load: editor.routes[0]!.load }] });
