import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown under the field, e.g. "12 of 150 characters". */
  counter?: string;
}

export type TextFieldProps = FieldChrome &
  (
    | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
    | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  );

export function TextField(props: TextFieldProps) {
  const generated = useId();
  const { label, hint, error, counter, multiline, id: givenId, className, ...rest } = props;
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: ['pc-input', error ? 'pc-input--invalid' : '', className].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="pc-field">
      <label className="pc-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...common} />
      ) : (
        <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...common} />
      )}
      <div className="pc-field__meta">
        {error ? (
          <span id={errorId} className="pc-field__error">
            {error}
          </span>
        ) : hint ? (
          <span id={hintId} className="pc-field__hint">
            {hint}
          </span>
        ) : (
          <span />
        )}
        {counter && (
          <span id={counterId} className="pc-field__counter">
            {counter}
          </span>
        )}
      </div>
    </div>
  );
}
