import { SEARCH_QUERY_MAX, SEARCH_SUGGESTIONS, searchQueryProblem } from '@pencraft/rules';
import { api, type Schemas } from '@pencraft/ui';
import { Fragment, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useNavEntries } from '../remotes/context.js';
import { SearchIcon } from './icons.js';

type Suggestion = Schemas['SearchPage']['items'][number];

/** How long typing must pause before suggestions are asked for, and how many characters they need. */
export const SUGGEST_DELAY_MS = 200;
export const SUGGEST_MIN_LENGTH = 2;

/** A title with its matched words in <mark>, from the answer's text ranges (text nodes only, never markup). */
function Marked({ text, ranges }: { text: string; ranges: readonly { start: number; end: number }[] }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push({ text: text.slice(at, from), marked: false });
    parts.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return <>{parts.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}

/** Suggestions for what is typed, asked for once typing pauses; none for a query the server would refuse. */
function useSuggestions(query: string): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  const q = query.trim();
  const wanted = q.length >= SUGGEST_MIN_LENGTH && !searchQueryProblem(q);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get('/api/strict/txt', { params: { query: { q, limit: SEARCH_SUGGESTIONS } }, signal: controller.signal })
        .then(
          (page) => setItems(page.items),
          () => undefined,
        );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, wanted]);
  return wanted ? items : [];
}

function SearchForm({ path, param, label, current }: { path: string; param: string; label: string; current: string }) {
  const { t } = useTranslation(['shell', label.split(':')[0]!]);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value);
  const shown = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    void navigate(`/a/${encodeURIComponent(suggestion.id)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((index) =>
        shown ? (index + step + suggestions.length) % suggestions.length : step > 0 ? 0 : suggestions.length - 1,
      );
    } else if (event.key === 'Escape') {
      if (shown) {
        // Closes the list; the typed words stay (a search input would clear itself).
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === 'Enter') {
      const chosen = shown && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      }
    }
  };

  return (
    <form
      className="pc-searchbox"
      role="search"
      aria-label={t(label)}
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        const q = value.trim();
        void navigate(q ? `${path}?${new URLSearchParams({ [param]: q })}` : path);
      }}
    >
      <label htmlFor={id} className="pc-visually-hidden">
        {t(label)}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        className="pc-input pc-searchbox__input"
        placeholder={t('shell:search.placeholder')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // UTF-16 units; the reader's search page checks the exact limit in code points (@pencraft/rules).
        maxLength={SEARCH_QUERY_MAX * 2}
      />
      <button type="submit" className="pc-icon-button pc-searchbox__submit" aria-label={t('shell:search.submit')}>
        <SearchIcon />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('shell:search.suggestions')}
        className="pc-suggestions"
        hidden={!shown}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            lang={suggestion.language}
            className={
              index === active ? 'pc-suggestions__option pc-suggestions__option--active' : 'pc-suggestions__option'
            }
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(suggestion)}
          >
            <Marked text={suggestion.title} ranges={suggestion.titleHighlights} />
          </li>
        ))}
      </ul>
      <span className="pc-visually-hidden" role="status" aria-live="polite">
        {shown ? t('shell:search.suggestionsCount', { count: suggestions.length }) : ''}
      </span>
    </form>
  );
}

/** The header's search box, when a remote offers search (placement `search`): it submits to that remote's page. */
export function SearchBox() {
  const [entry] = useNavEntries('search');
  const location = useLocation();
  const [params] = useSearchParams();
  if (!entry) return null;
  const param = entry.param ?? 'q';
  const current = location.pathname === entry.path ? (params.get(param) ?? '') : '';
  return (
    <Suspense fallback={null}>
      {/* Keyed by the query in the URL, so it follows searches made elsewhere. */}
      <SearchForm key={current} path={entry.path} param={param} label={entry.label} current={current} />
    </Suspense>
  );
}
