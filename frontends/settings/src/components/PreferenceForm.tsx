import { type ReactNode, useId, useState } from 'react';
import { useSettingsTranslation } from '../i18n.js';
import { useForm } from '../lib/useForm.js';
import { FormActions, Panel, Saved } from './parts.js';

/**
 * A choice saved on the account (theme, language, notifications): a titled panel whose form saves with one button
 * and says so until the choice changes again. An error answer naming `field` shows above the button.
 */
export function PreferenceForm<F extends string>({
  title,
  text,
  field,
  codeFields,
  save,
  children,
}: {
  title: string;
  text: string;
  /** The body field the gateway names in an error answer; a constant of the page. */
  field: F;
  codeFields?: Partial<Record<string, F>>;
  save: () => Promise<void>;
  /** The inputs; they call `changed` when the user picks something else, which hides the saved line. */
  children: (changed: () => void) => ReactNode;
}) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const form = useForm([field], codeFields);
  const [saved, setSaved] = useState<string>();

  return (
    <Panel id={`${id}-title`} title={title}>
      <p className="pc-settings__text">{text}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit({}, save).then((ok) => ok && setSaved('saved'));
        }}
      >
        {children(() => setSaved(undefined))}
        <FormActions form={form} submitLabel={t('save')} error={form.errors[field] ?? form.formError}>
          <Saved messageKey={saved} />
        </FormActions>
      </form>
    </Panel>
  );
}
