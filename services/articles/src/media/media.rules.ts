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
