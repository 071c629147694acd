import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export function Checkbox({ label, error, id: givenId, ...rest }: CheckboxProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="pc-checkbox">
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...rest} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <span id={errorId} className="pc-field__error pc-checkbox__error">
          {error}
        </span>
      )}
    </div>
  );
}
