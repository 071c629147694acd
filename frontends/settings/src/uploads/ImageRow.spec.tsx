// An image row of the uploads log, rendered to markup with the English strings: the thumbnail with its alternative
// text, the facts, the uses linked where they open, and Delete (named by the upload's time) only for an unused image.
import { common } from '@pencraft/i18n';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import settings from '../locales/en.js';
import { ImageRow, type UploadedImage } from './ImageRow.js';
import uploads from './locales/en.js';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { uploads, settings, common: common.en } },
  interpolation: { escapeValue: false },
});

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ul>{node}</ul>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const image = (overrides: Partial<UploadedImage> = {}): UploadedImage => ({
  key: 'articles/u/f/1280.png',
  url: '/media/articles/u/f/1280.png',
  width: 1280,
  height: 640,
  type: 'image/png',
  thumbnail: { url: '/media/articles/u/f/640.png', width: 640, height: 320 },
  bytes: 15_679,
  uploadedAt: new Date(2026, 10, 28, 9, 5).toISOString(),
  uses: [],
  ...overrides,
});

describe('an image of the uploads log', () => {
  it('shows the thumbnail, size, dimensions and time, says it is unused and offers Delete named by its time', () => {
    const markup = html(<ImageRow image={image()} busy={false} onDelete={() => {}} />);
    expect(markup).toContain('src="/media/articles/u/f/640.png"');
    expect(markup).toContain('alt="Image uploaded on November 28, 2026, 09:05"');
    expect(markup).toContain('15.3 KB');
    expect(markup).toContain('1280 × 640 px');
    expect(markup).toContain('Not used');
    expect(markup).toContain('aria-label="Delete the image uploaded on November 28, 2026, 09:05"');
  });

  it('links each use where it opens, names an untitled draft, and offers no Delete', () => {
    const markup = html(
      <ImageRow
        image={image({
          uses: [
            { kind: 'draft', id: 'd-1', title: '' },
            { kind: 'article', id: 'a-1', title: 'Autumn in Baku' },
          ],
        })}
        busy={false}
        onDelete={() => {}}
      />,
    );
    expect(markup).toContain('href="/write/d-1" data-discover="true">Draft: untitled</a>');
    expect(markup).toContain('href="/a/a-1" data-discover="true">Article: Autumn in Baku</a>');
    expect(markup).not.toContain('Not used');
    expect(markup).not.toContain('Delete');
  });

  it('says the size is unknown for an image uploaded before sizes were kept', () => {
    expect(html(<ImageRow image={image({ bytes: null })} busy={false} onDelete={() => {}} />)).toContain(
      '<dd>Unknown</dd>',
    );
  });
});
