import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: SelectOption[];
  /** A first, empty choice such as "Choose a category". */
  placeholder?: string;
  error?: string | undefined;
  /** Keeps the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
}

export function Select({
  label,
  options,
  placeholder,
  error,
  hideLabel,
  id: givenId,
  className,
  ...rest
}: SelectProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['pc-field', hideLabel ? 'pc-field--compact' : '', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'pc-visually-hidden' : 'pc-field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={['pc-input', 'pc-select', error ? 'pc-input--invalid' : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={errorId} className="pc-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
