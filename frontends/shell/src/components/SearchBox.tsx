import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from './icons.js';

export function SearchBox() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const current = location.pathname === '/search' ? (params.get('q') ?? '') : '';

  return (
    <form
      className="pc-searchbox"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        void navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
      }}
    >
      <label htmlFor={id} className="pc-visually-hidden">
        {t('search.label')}
      </label>
      {/* Keyed by the query in the URL, so it follows searches made elsewhere. */}
      <input
        key={current}
        id={id}
        name="q"
        type="search"
        className="pc-input pc-searchbox__input"
        placeholder={t('search.placeholder')}
        defaultValue={current}
        maxLength={200}
      />
      <button type="submit" className="pc-icon-button pc-searchbox__submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}
