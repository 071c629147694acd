// What the frontends use of react-i18next, and nothing more: the shared `react-i18next` singleton is this module.
// A shared module is kept whole, and react-i18next's index also carries the ICU <IcuTrans>, withTranslation,
// <Translation>, the SSR helpers and more, which no frontend uses. Re-exported by name, the rest is tree-shaken.
// A name missing here fails the build of the frontend that imports it (strictExportPresence).
//
// <Trans> is written here (react-i18next's brings an HTML parser along: 4.7 KB of gzip, twice the rest): it renders
// a translation whose markup names components, `<doc>user agreement</doc>` with `components={{ doc: <Link … /> }}`
// (an object or an array: `<0>…</0>`), self-closing `<br/>`-style tags and nesting; a tag without a component keeps
// its text (br, strong, i, b, em and p are kept as elements, as react-i18next does). Props: i18nKey, t, ns, values,
// count, context, defaults, tOptions, components, i18n; without i18nKey, the children are rendered as they are.
import { createElement, Fragment, useContext } from 'react';
import { getI18n, I18nContext } from 'pencraft-react-i18next-full';
import { renderMarkup } from './src/trans.mjs';

export { getI18n, I18nextProvider, initReactI18next, useTranslation } from 'pencraft-react-i18next-full';

export function Trans({ i18nKey, t, ns, values, count, context, defaults, tOptions, components, i18n, children }) {
  const fromContext = useContext(I18nContext);
  const instance = i18n ?? fromContext?.i18n ?? getI18n();
  if (!i18nKey) return createElement(Fragment, null, children);
  const translate = t ?? instance?.getFixedT(null, ns ?? fromContext?.defaultNS) ?? ((key) => key);
  const text = translate(i18nKey, {
    ...tOptions,
    ...values,
    ...(count !== undefined ? { count } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(defaults !== undefined ? { defaultValue: defaults } : {}),
    // React escapes the text it renders.
    interpolation: { ...tOptions?.interpolation, escapeValue: false },
  });
  return createElement(Fragment, null, ...renderMarkup(String(text), components));
}
