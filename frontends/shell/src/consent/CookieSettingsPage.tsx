import { useDocumentMeta } from '@pencraft/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsent } from './consent.js';

type Choice = 'accept' | 'decline';

/**
 * The analytics choice (accept or decline; declining deletes the analytics cookies): on the cookie settings page and
 * on the cookie policy. On a publication's subdomain there is nothing to choose: analytics stays off there.
 */
export function CookieChoice() {
  const { t } = useTranslation('shell');
  const { state, onPublicationHost, accept, decline } = useConsent();
  const id = useId();
  const current: Choice | undefined =
    state.consent === true ? 'accept' : state.consent === false ? 'decline' : undefined;
  const [choice, setChoice] = useState<Choice | undefined>(current);
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    if (choice === 'accept') accept();
    else await decline();
    setSaved(true);
  };

  const status =
    current === 'accept'
      ? t('cookieSettings.currentAccepted')
      : current === 'decline'
        ? t('cookieSettings.currentDeclined')
        : t('cookieSettings.currentUnset');

  if (onPublicationHost) return <p className="pc-cookie-settings__note">{t('cookieSettings.publicationHost')}</p>;
  return (
    <form className="pc-cookie-settings" onSubmit={(event) => void save(event)} noValidate>
      <p>{status}</p>
      <fieldset className="pc-cookie-settings__choice">
        <legend>{t('cookieSettings.legend')}</legend>
        {(['accept', 'decline'] as const).map((value) => (
          <div key={value} className="pc-cookie-settings__item">
            <input
              id={`${id}-${value}`}
              type="radio"
              name="analytics"
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                setSaved(false);
              }}
            />
            <label htmlFor={`${id}-${value}`}>{t(`cookieSettings.${value}`)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="pc-button pc-button--primary" disabled={!choice}>
        {t('cookieSettings.save')}
      </button>
      <p className="pc-form-success" role="status">
        {saved ? t('cookieSettings.saved') : ''}
      </p>
    </form>
  );
}

/** Cookie settings: the visitor changes the analytics choice at any time (declining deletes the analytics cookies). */
export function CookieSettingsPage() {
  const { t } = useTranslation('shell');
  useDocumentMeta(`${t('cookieSettings.title')} — Pencraft`);
  return (
    <article className="pc-container pc-page pc-prose pc-cookie-settings">
      <h1>{t('cookieSettings.title')}</h1>
      <p>{t('cookieSettings.intro')}</p>
      <ul>
        <li>{t('cookieSettings.necessary')}</li>
        <li>{t('cookieSettings.analytics')}</li>
      </ul>
      <CookieChoice />
      <p>
        <Link to="/cookies">{t('cookieSettings.policy')}</Link>
      </p>
    </article>
  );
}
