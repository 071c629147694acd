import { describe, expect, it } from '@jest/globals';
import {
  decodeImageLogCursor,
  encodeImageLogCursor,
  overImageQuota,
  overUploadRate,
  thumbnailOf,
  uploadWindow,
} from './media.rules.js';

describe('editor image limits', () => {
  it('takes 30 uploads a window (the count includes the upload being judged) and refuses the 31st', () => {
    expect(overUploadRate(1)).toBe(false);
    expect(overUploadRate(30)).toBe(false);
    expect(overUploadRate(31)).toBe(true);
  });

  it('lets a writer keep 200 images: one more is refused at 200 kept', () => {
    expect(overImageQuota(0)).toBe(false);
    expect(overImageQuota(199)).toBe(false);
    expect(overImageQuota(200)).toBe(true);
  });

  it('counts in fixed 10-minute windows', () => {
    const at = (iso: string) => uploadWindow(new Date(iso));
    expect(at('2026-11-27T10:00:00Z')).toBe(at('2026-11-27T10:09:59.999Z'));
    expect(at('2026-11-27T10:10:00Z')).toBe(at('2026-11-27T10:00:00Z') + 1);
  });
});

describe('the uploads log', () => {
  const id = '0f8b1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';

  it('reads back the cursor it wrote, to the microsecond', () => {
    const cursor = { atUs: '1795823426463123', id };
    expect(decodeImageLogCursor(encodeImageLogCursor(cursor))).toEqual(cursor);
  });

  it('starts at the newest image without a cursor and refuses one it did not write', () => {
    expect(decodeImageLogCursor('')).toBeUndefined();
    for (const text of [
      'x',
      `${id}`,
      `1.${id}x`,
      `-1.${id}`,
      `1.5.${id}`,
      `1.${id.toUpperCase()}`,
      `${'9'.repeat(18)}.${id}`,
    ])
      expect(decodeImageLogCursor(text)).toBeNull();
  });

  it('shows the narrowest variant in the original format as the thumbnail', () => {
    const folder = `articles/${id}/${id}/`;
    const keys = ['640.png', '640.webp', '640.avif', '1280.png', '1280.webp', '1280.avif'].map((n) => folder + n);
    expect(thumbnailOf(`${folder}1280.png`, keys)).toEqual({ key: `${folder}640.png`, width: 640 });
    expect(thumbnailOf(`${folder}1280.png`, [...keys].reverse())).toEqual({ key: `${folder}640.png`, width: 640 });
  });

  it('falls back to the main key when no variant of its format is listed', () => {
    const main = `articles/${id}/${id}/300.jpg`;
    expect(thumbnailOf(main, [])).toEqual({ key: main, width: 300 });
    expect(thumbnailOf(main, [main.replace('.jpg', '.webp')])).toEqual({ key: main, width: 300 });
  });
});
