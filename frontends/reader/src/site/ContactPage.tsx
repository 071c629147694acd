import { useDocumentMeta } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePagesTranslation } from './i18n.js';
import { OFFICE_HOURS, officeStatus, timeOfDay } from './office-hours.js';
import { SiteLinks } from './SiteLinks.js';
import './site.css';

export const SUPPORT_EMAIL = 'support@pencraft.az';
export const PRIVACY_EMAIL = 'privacy@pencraft.az';

/** The visitor's own time zone, e.g. Europe/Berlin (Intl knows it; UTC when it does not). */
function visitorZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** /contactus: office hours in Baku and the visitor's time, open or closed now, the addresses and the feedback form. */
export default function ContactPage() {
  const { t, i18n } = usePagesTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  useDocumentMeta(`${t('contact.title')} — Pencraft`, t('contact.intro'));

  const status = officeStatus(now);
  const zone = visitorZone();
  const local = (at: Date) => timeOfDay(at, i18n.language, zone);
  const baku = (at: Date) => timeOfDay(at, i18n.language, OFFICE_HOURS.timeZone);

  return (
    <div className="pc-reader pc-container pc-page pc-site">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>

      <section aria-labelledby="contact-hours" className="pc-site-card">
        <h2 id="contact-hours">{t('contact.hoursTitle')}</h2>
        <p>{t('contact.hours', { from: baku(status.opens), to: baku(status.closes) })}</p>
        <p>{t('contact.localHours', { zone, from: local(status.opens), to: local(status.closes) })}</p>
        <p
          className={`pc-site-status pc-site-status--${status.open ? 'open' : 'closed'}`}
          data-testid="office-status"
          role="status"
        >
          {status.open ? t('contact.openNow') : t('contact.closedNow', { time: local(status.nextOpening) })}
        </p>
      </section>

      <section aria-labelledby="contact-email" className="pc-site-card">
        <h2 id="contact-email">{t('contact.emailTitle')}</h2>
        <p>
          {t('contact.support')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p>
          {t('contact.privacy')} <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>
        </p>
      </section>

      <section aria-labelledby="contact-feedback" className="pc-site-card">
        <h2 id="contact-feedback">{t('contact.feedbackTitle')}</h2>
        <p>{t('contact.feedback')}</p>
        <p>
          <Link className="pc-button pc-button--primary" to="/feedback">
            {t('contact.feedbackLink')}
          </Link>
        </p>
      </section>

      <p>{t('contact.guides')}</p>
      <SiteLinks current="/contactus" />
    </div>
  );
}
