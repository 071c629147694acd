import { SEARCH_QUERY_MAX } from '@pencraft/rules';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useNavEntries } from '../remotes/context.js';
import { SearchIcon } from './icons.js';

function SearchForm({ path, param, label }: { path: string; param: string; label: string }) {
  const { t } = useTranslation(['shell', label.split(':')[0]!]);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const current = location.pathname === path ? (params.get(param) ?? '') : '';

  return (
    <form
      className="pc-searchbox"
      role="search"
      aria-label={t(label)}
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        void navigate(q ? `${path}?${new URLSearchParams({ [param]: q })}` : path);
      }}
    >
      <label htmlFor={id} className="pc-visually-hidden">
        {t(label)}
      </label>
      {/* Keyed by the query in the URL, so it follows searches made elsewhere. */}
      <input
        key={current}
        id={id}
        name="q"
        type="search"
        className="pc-input pc-searchbox__input"
        placeholder={t('shell:search.placeholder')}
        defaultValue={current}
        // UTF-16 units; the reader's search page checks the exact limit in code points (@pencraft/rules).
        maxLength={SEARCH_QUERY_MAX * 2}
      />
      <button type="submit" className="pc-icon-button pc-searchbox__submit" aria-label={t('shell:search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}

/** The header's search box, when a remote offers search (placement `search`): it submits to that remote's page. */
export function SearchBox() {
  const [entry] = useNavEntries('search');
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <SearchForm path={entry.path} param={entry.param ?? 'q'} label={entry.label} />
    </Suspense>
  );
}
