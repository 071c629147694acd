import { describe, expect, it } from '@jest/globals';
import { EDITOR_IMAGE_MAX_BYTES, editorImageWidths } from './media.js';

describe('editor images', () => {
  it('are at most 2 MB', () => {
    expect(EDITOR_IMAGE_MAX_BYTES).toBe(2_097_152);
  });

  it.each([
    [1, [1]],
    [500, [500]],
    [640, [640]],
    [641, [640, 641]],
    [1280, [640, 1280]],
    [1500, [640, 1280, 1500]],
    [1920, [640, 1280, 1920]],
    [4000, [640, 1280, 1920]],
  ])('an image %i px wide gets the widths %j (never upscaled)', (width, widths) => {
    expect(editorImageWidths(width)).toEqual(widths);
  });
});
