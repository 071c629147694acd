import { ARTICLE_SUBCATEGORIES_MAX } from '@pencraft/rules';
import { useId } from 'react';
import { useEditorTranslation } from '../i18n.js';

/** Up to four sub-categories (@pencraft/rules), never the main category; the rest are disabled at the limit. */
export function SubCategories({
  categories,
  category,
  value,
  error,
  onChange,
}: {
  categories: { id: string; name: string }[];
  category: string;
  value: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
}) {
  const { t } = useEditorTranslation();
  const id = useId();
  const chosen = value.filter((v) => v !== category);
  const full = chosen.length >= ARTICLE_SUBCATEGORIES_MAX;
  return (
    <fieldset className="pc-subcats" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="pc-field__label">{t('fields.subCategories')}</legend>
      <p id={`${id}-hint`} className="pc-field__hint">
        {t('fields.subCategoriesHint', { max: ARTICLE_SUBCATEGORIES_MAX, count: chosen.length })}
      </p>
      <div className="pc-subcats__list">
        {categories
          .filter((c) => c.id !== category)
          .map((c) => {
            const checked = chosen.includes(c.id);
            return (
              <label key={c.id} className="pc-subcats__item">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...chosen, c.id] : chosen.filter((v) => v !== c.id))
                  }
                />
                <span>{c.name}</span>
              </label>
            );
          })}
      </div>
      {error && (
        <span id={`${id}-error`} className="pc-field__error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
