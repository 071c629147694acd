import { useId } from 'react';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
  /** The language of the label when it is not the page's (a language named in itself). */
  lang?: string;
}

/** A group of radio buttons with a visible legend (arrow keys move between the choices). */
export function Choice<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly ChoiceOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className="pc-settings__choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="pc-settings__choice-item">
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
          />
          <span>
            <label className="pc-settings__choice-label" htmlFor={`${id}-${option.value}`} lang={option.lang}>
              {option.label}
            </label>
            {option.hint && (
              <span id={`${id}-${option.value}-hint`} className="pc-settings__choice-hint">
                {option.hint}
              </span>
            )}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
