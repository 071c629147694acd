import { useSearchParams } from 'react-router';

/** A list's filters and page, kept in the address (so back/forward and a shared link keep them). */
export function useQueryState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const pageText = params.get('page');
  const page = pageText && /^\d+$/.test(pageText) && Number(pageText) > 0 ? Number(pageText) : 1;
  const set = (changes: Partial<Record<K | 'page', string | number>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    // A new filter starts at the first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { values, page, set };
}
