// The shared code step and preference form, rendered to markup with the English strings: the labels, the live
// regions and the code field's input hints the pages relied on before they shared these components.
import { jest } from '@jest/globals';
import { common } from '@pencraft/i18n';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { FormState } from '../lib/useForm.js';
import en from '../locales/en.js';
import { CodeEntry, CodeStep } from './CodeStep.js';
import { FormActions } from './parts.js';
import { PreferenceForm } from './PreferenceForm.js';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { settings: en, common: common.en } },
  interpolation: { escapeValue: false },
});

function html(node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

function form(errors: Partial<Record<'code', string>> = {}, formError?: string): FormState<'code'> {
  return { errors, formError, busy: false, submit: () => Promise.resolve(false), clear: () => {} };
}

describe('the code step', () => {
  it('announces where the code went, takes the code with the hints of a one-time code, and offers resend and cancel', () => {
    const markup = html(
      <CodeStep
        form={form({ code: 'The code is wrong.' })}
        sent="We sent a code by SMS to +99450*****67."
        label="Code from the SMS"
        submitLabel="Confirm the number"
        verify={() => Promise.resolve()}
        resend={{ label: 'Send the code again', onClick: () => {} }}
        onCancel={() => {}}
      />,
    );
    expect(markup).toMatch(/^<form noValidate="">/);
    expect(markup).toContain('<p class="pc-settings__text" role="status">We sent a code by SMS to +99450*****67.</p>');
    expect(markup).toContain('Code from the SMS');
    expect(markup).toContain('The code is wrong.');
    const input = /<input[^>]*>/.exec(markup)?.[0] ?? '';
    for (const attribute of [
      'inputMode="numeric"',
      'autoComplete="one-time-code"',
      'pattern="[0-9]*"',
      'maxLength="6"',
      'spellCheck="false"',
      'required=""',
      'autofocus=""',
      'aria-invalid="true"',
    ]) {
      expect(input).toContain(attribute);
    }
    const buttons = [...markup.matchAll(/<button[^>]*>(?:<[^>]+>)*([^<]*)/g)].map((match) => match[1]);
    expect(buttons).toEqual(['Confirm the number', 'Send the code again', 'Cancel']);
  });

  it('leaves the focus where it is for the app’s code, which no notice precedes', () => {
    const markup = html(<CodeEntry form={form()} label="Code from the app" code="" setCode={() => {}} />);
    expect(markup).not.toContain('role="status"');
    expect(markup).not.toContain('autofocus');
  });

  it('shows the form’s message as an alert and no cancel button when there is nothing to go back to', () => {
    const markup = html(
      <FormActions form={form({}, 'Try again later.')} submitLabel="Send the code" variant="danger" />,
    );
    expect(markup).toContain('<p class="pc-settings__form-error" role="alert">Try again later.</p>');
    expect(markup).toContain('pc-button--danger');
    expect(markup).not.toContain('Cancel');
  });
});

describe('the form of a preference saved on the account', () => {
  it('is a titled region with its text, the inputs given, one save button and an empty live line for the outcome', () => {
    const changed = jest.fn<(onChange: () => void) => void>();
    const markup = html(
      <PreferenceForm title="Theme" text="How the pages look." field="theme" save={() => Promise.resolve()}>
        {(onChange) => {
          changed(onChange);
          return <fieldset className="pc-settings__choice" />;
        }}
      </PreferenceForm>,
    );
    expect(markup).toMatch(/^<section class="pc-settings__panel" aria-labelledby="([^"]+)"><h2 id="\1">Theme<\/h2>/);
    expect(markup).toContain('<p class="pc-settings__text">How the pages look.</p><form noValidate="">');
    expect(markup).toContain('<fieldset class="pc-settings__choice"></fieldset>');
    expect(markup).toContain('>Save</button><p class="pc-settings__saved" role="status"></p>');
    expect(changed).toHaveBeenCalledWith(expect.any(Function));
  });
});
