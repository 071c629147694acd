import { Button } from '@pencraft/ui';
import { type ReactNode, useState } from 'react';
import { bound, type FormState } from '../lib/useForm.js';
import { codeCheck, problems } from '../lib/validation.js';
import { CodeField, FormActions } from './parts.js';

/**
 * Where a 6-digit code is typed: the notice that it was sent (announced), then the field, tied to the form's `code`
 * field, which takes the focus when it appears after such a notice.
 */
export function CodeEntry({
  form,
  sent,
  label,
  code,
  setCode,
}: {
  form: Pick<FormState<'code'>, 'errors' | 'clear'>;
  /** Says where the code went; without it the field neither announces nor takes the focus (the MFA app's code). */
  sent?: string;
  label: string;
  code: string;
  setCode: (code: string) => void;
}) {
  return (
    <>
      {sent !== undefined && (
        <p className="pc-settings__text" role="status">
          {sent}
        </p>
      )}
      <CodeField label={label} autoFocus={sent !== undefined} {...bound(form, 'code', code, setCode)} />
    </>
  );
}

/**
 * The step after a code was sent to a new address or number: the code, confirm, send it again, or go back.
 * `form` is the one of the step before, so going back clears its messages too.
 */
export function CodeStep({
  form,
  sent,
  label,
  submitLabel,
  verify,
  resend,
  onCancel,
  children,
}: {
  form: FormState<'code'>;
  sent: string;
  label: string;
  submitLabel: string;
  /** Sends the trimmed code; resolves once the change is done. */
  verify: (code: string) => Promise<void>;
  resend: { label: string; onClick: () => void; busy?: boolean };
  onCancel: () => void;
  /** After the buttons (the e-mail page's line about the resend). */
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problems({ code: codeCheck(code) }), () => verify(code.trim()));
      }}
    >
      <CodeEntry form={form} sent={sent} label={label} code={code} setCode={setCode} />
      <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel}>
        <Button variant="secondary" busy={resend.busy} onClick={resend.onClick}>
          {resend.label}
        </Button>
      </FormActions>
      {children}
    </form>
  );
}
