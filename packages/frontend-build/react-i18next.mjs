// What the frontends use of react-i18next, and nothing more: the shared `react-i18next` singleton is this module.
// A shared module is kept whole, and react-i18next's index also carries the ICU <IcuTrans>, withTranslation,
// <Translation>, the SSR helpers and more, which no frontend uses. Re-exported by name, the rest is tree-shaken.
// A name missing here fails the build of the frontend that imports it (strictExportPresence).
export { getI18n, I18nextProvider, initReactI18next, Trans, useTranslation } from 'pencraft-react-i18next-full';
