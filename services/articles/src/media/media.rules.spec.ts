import { describe, expect, it } from '@jest/globals';
import { overImageQuota, overUploadRate, uploadWindow } from './media.rules.js';

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
