import { readStorage, writeStorage } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSENT_STORAGE_KEY, DEFAULT_MAIN_HOST, isPublicationHost, resolveConsent } from '../lib/consent.js';

/** The main host is set at build time in <meta name="pc-main-host"> (env PC_MAIN_HOST). */
function mainHost(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="pc-main-host"]')?.content || DEFAULT_MAIN_HOST;
}

export function CookieBanner() {
  const { t } = useTranslation('shell');
  const [state, setState] = useState(() =>
    resolveConsent(readStorage(CONSENT_STORAGE_KEY), isPublicationHost(window.location.hostname, mainHost())),
  );

  useEffect(() => {
    if (state.persist) writeStorage(CONSENT_STORAGE_KEY, state.persist);
  }, [state.persist]);

  if (!state.showBanner) return null;
  return (
    <section className="pc-cookie-banner" aria-label={t('cookie.label')}>
      <div className="pc-container pc-cookie-banner__inner">
        <p>
          {t('cookie.message')} <Link to="/cookies">{t('cookie.learnMore')}</Link>
        </p>
        <button
          type="button"
          className="pc-button pc-button--primary"
          onClick={() => {
            writeStorage(CONSENT_STORAGE_KEY, 'true');
            setState(resolveConsent('true', false));
            // Analytics (not wired yet) listens for this to switch its storage to granted.
            window.dispatchEvent(new CustomEvent('pc:consent', { detail: { granted: true } }));
          }}
        >
          {t('cookie.accept')}
        </button>
      </div>
    </section>
  );
}
