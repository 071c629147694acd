// The loading and failure states a page shows around its data, rendered to markup: the remote's words for the
// failure, the common catalogue's retry, and its data once it is there.
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Loaded } from './Loaded.js';
import { useLoad, type Load } from './useLoad.js';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { common: { actions: { retry: 'Try again' } } } },
  interpolation: { escapeValue: false },
});

function html(node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

function shown(state: Load<string>): string {
  return html(
    <Loaded state={state} onRetry={() => {}} failedTitle="Could not load." loadingClassName="pc-remote__loading">
      {(data) => <p>{data}</p>}
    </Loaded>,
  );
}

describe('a page’s data while it loads', () => {
  it('shows a large spinner in the remote’s box while loading', () => {
    const markup = shown({ status: 'loading' });
    expect(markup).toContain('<div class="pc-remote__loading">');
    expect(markup).toContain('pc-spinner');
    expect(markup).not.toContain('role="alert"');
  });

  it('announces a failure with the remote’s title, the message and a retry in the common words', () => {
    const markup = shown({ status: 'error', message: 'The server is away.' });
    expect(markup).toContain(
      '<div class="pc-notice" role="alert"><p><strong>Could not load.</strong> The server is away.</p>',
    );
    expect(markup).toContain('Try again');
  });

  it('renders the data once it is there', () => {
    expect(shown({ status: 'ready', data: 'Hello' })).toBe('<p>Hello</p>');
  });

  it('starts loading on the first render (useLoad)', () => {
    function Page() {
      const { state, reload } = useLoad(() => Promise.resolve('Hello'), [], 'failed');
      return (
        <Loaded state={state} onRetry={reload} failedTitle="Could not load.">
          {(data) => <p>{data}</p>}
        </Loaded>
      );
    }
    expect(html(<Page />)).toContain('pc-spinner');
  });
});
