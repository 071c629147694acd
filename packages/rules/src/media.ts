/** SPEC.md section 9: images in the editor are .jpg, .jpeg or .png files of at most 2 MB (judged by their content). */
export const EDITOR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The formats an editor image may have; each is served as image/<format>. */
export const EDITOR_IMAGE_FORMATS = ['jpeg', 'png'] as const;
export type EditorImageFormat = (typeof EDITOR_IMAGE_FORMATS)[number];
/** The media types of EDITOR_IMAGE_FORMATS: what an upload may be. */
export const EDITOR_IMAGE_TYPES = EDITOR_IMAGE_FORMATS.map((format) => `image/${format}` as const);
/** The widths an editor image is stored at (never upscaled: a narrower image also keeps its own width). */
export const EDITOR_IMAGE_WIDTHS = [640, 1280, 1920] as const;
/**
 * Every uploaded image (editor images, profile pictures, banners) is refused past this many pixels, read from its
 * header before anything is decoded: a small file can claim a huge canvas (a decompression bomb).
 */
export const IMAGE_MAX_PIXELS = 24_000_000;
/** A writer uploads at most this many editor images per window (EDITOR_IMAGE_UPLOAD_WINDOW_MS)... */
export const EDITOR_IMAGE_UPLOADS_PER_WINDOW = 30;
export const EDITOR_IMAGE_UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** ...and keeps at most this many (deleting one, or the sweeper collecting an unused one, frees its place). */
export const EDITOR_IMAGE_QUOTA = 200;

/**
 * The widths of the variants of an image `width` pixels wide: each standard width below it, plus its own width when
 * it is under the largest one (so the sharpest variant is the image itself, never an enlargement).
 */
export function editorImageWidths(width: number): number[] {
  const largest = EDITOR_IMAGE_WIDTHS[EDITOR_IMAGE_WIDTHS.length - 1]!;
  const below = EDITOR_IMAGE_WIDTHS.filter((w) => w < width);
  return width >= largest ? [...EDITOR_IMAGE_WIDTHS] : [...below, width];
}
