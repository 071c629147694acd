import { EDITOR_IMAGE_QUOTA, EDITOR_IMAGE_UPLOAD_WINDOW_MS, EDITOR_IMAGE_UPLOADS_PER_WINDOW } from '@pencraft/rules';

/** The rate window an upload at `now` counts in (fixed windows of EDITOR_IMAGE_UPLOAD_WINDOW_MS). */
export function uploadWindow(now: Date): number {
  return Math.floor(now.getTime() / EDITOR_IMAGE_UPLOAD_WINDOW_MS);
}

/**
 * Whether an upload is past the rate: `uploads` counts it and every earlier attempt of the window (deleted images
 * and refused attempts too: the work or the try was made).
 */
export function overUploadRate(uploads: number): boolean {
  return uploads > EDITOR_IMAGE_UPLOADS_PER_WINDOW;
}

/** Whether a writer keeping `kept` editor images may not keep one more. */
export function overImageQuota(kept: number): boolean {
  return kept >= EDITOR_IMAGE_QUOTA;
}

/** Images on one page of the uploads log (/api/ttin/logs/img). */
export const IMAGE_LOG_PAGE_SIZE = 20;

/**
 * Where a page of the uploads log continues: after the image uploaded at `atUs` (microseconds since the epoch, as
 * PostgreSQL keeps it, so two uploads within one millisecond are never skipped) with this id, newest first.
 */
export interface ImageLogCursor {
  atUs: string;
  id: string;
}

const LOG_CURSOR = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeImageLogCursor(cursor: ImageLogCursor): string {
  return `${cursor.atUs}.${cursor.id}`;
}

/** The cursor this service wrote, undefined for the first page (''), or null for anything else (InvalidPage). */
export function decodeImageLogCursor(text: string): ImageLogCursor | undefined | null {
  if (text === '') return undefined;
  const match = LOG_CURSOR.exec(text);
  return match ? { atUs: String(BigInt(match[1]!)), id: match[2]! } : null;
}

/** A stored variant named by its key (…/<width>.<format>). */
export interface KeyedVariant {
  key: string;
  width: number;
}

/**
 * The thumbnail of an image: the narrowest of its variants in the original format (the keys ending in .jpg or
 * .png), or the main key when none can be told apart.
 */
export function thumbnailOf(mainKey: string, keys: readonly string[]): KeyedVariant {
  const original = /\.(jpg|png)$/.exec(mainKey)?.[1];
  let best: KeyedVariant | undefined;
  for (const key of keys) {
    const match = /\/(\d{1,5})\.(jpg|png)$/.exec(key);
    if (!match || match[2] !== original) continue;
    const width = Number(match[1]);
    if (!best || width < best.width) best = { key, width };
  }
  return best ?? { key: mainKey, width: Number(/\/(\d{1,5})\.\w+$/.exec(mainKey)?.[1] ?? 0) };
}
