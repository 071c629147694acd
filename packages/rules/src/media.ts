/** SPEC.md section 9: images in the editor are .jpg, .jpeg or .png files of at most 2 MB (judged by their content). */
export const EDITOR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EDITOR_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The widths an editor image is stored at (never upscaled: a narrower image also keeps its own width). */
export const EDITOR_IMAGE_WIDTHS = [640, 1280, 1920] as const;

/**
 * The widths of the variants of an image `width` pixels wide: each standard width below it, plus its own width when
 * it is under the largest one (so the sharpest variant is the image itself, never an enlargement).
 */
export function editorImageWidths(width: number): number[] {
  const largest = EDITOR_IMAGE_WIDTHS[EDITOR_IMAGE_WIDTHS.length - 1]!;
  const below = EDITOR_IMAGE_WIDTHS.filter((w) => w < width);
  return width >= largest ? [...EDITOR_IMAGE_WIDTHS] : [...below, width];
}
