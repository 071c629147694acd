import { Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_TYPES, editorImageWidths, IMAGE_MAX_PIXELS } from '@pencraft/rules';
import type { Sharp } from 'sharp';
import { EncodeSlots, loadImageCodecs, type ImageCodecs } from '@pencraft/kit';

export type ImageFormat = 'jpg' | 'png' | 'webp' | 'avif';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export interface ImageFile {
  /** <width>.<format>, the object's name inside the image's folder. */
  name: string;
  format: ImageFormat;
  width: number;
  height: number;
  body: Buffer;
}

export interface ImageVariants {
  /** The format of the upload (jpg or png), kept for the variants every browser shows. */
  original: 'jpg' | 'png';
  /** The oriented size of the upload. */
  width: number;
  height: number;
  /** Each width in the original format, WebP and AVIF; smallest width first, the original format first. */
  files: ImageFile[];
}

/**
 * An editor image judged by its bytes (not its name or declared type) and re-encoded, without any metadata of the
 * upload (EXIF, GPS, comments, ICC text), at the widths of editorImageWidths: never enlarged. One width at a time, so
 * a big upload holds one decoded copy in memory, not nine. The dimensions are read from the header first: past
 * IMAGE_MAX_PIXELS the upload is refused with InvalidImageSize before a pixel is decoded (sharp's limitInputPixels
 * stops the decoder too, should the header lie), and at most ENCODE_SLOTS uploads are decoded and encoded at once.
 */
@Injectable()
export class ImageVariantsMaker {
  private readonly slots = new EncodeSlots();

  async make(bytes: Buffer): Promise<ImageVariants> {
    if (bytes.length > EDITOR_IMAGE_MAX_BYTES) throw new AppError('InvalidImageSize');
    const { sharp, fileTypeFromBuffer } = await loadImageCodecs();
    const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
    if (!type || !(EDITOR_IMAGE_TYPES as readonly string[]).includes(type.mime))
      throw new AppError('InvalidImageFormat');
    const original = type.mime === 'image/png' ? 'png' : 'jpg';
    const meta = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => {
        throw new AppError('InvalidImageFormat', { cause: error });
      });
    if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw new AppError('InvalidImageSize');
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (width < 1 || height < 1) throw new AppError('InvalidImageFormat');
    return this.slots.run(() => this.encode(sharp, bytes, original, width, height));
  }

  private async encode(
    sharp: ImageCodecs['sharp'],
    bytes: Buffer,
    original: 'jpg' | 'png',
    width: number,
    height: number,
  ): Promise<ImageVariants> {
    try {
      const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
      const files: ImageFile[] = [];
      for (const w of editorImageWidths(width)) {
        // Decoded and resized once per width; each format encodes the same pixels.
        const { data, info } = await input()
          .resize({ width: w, withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        const encoders: Record<ImageFormat, () => Sharp> = {
          jpg: () => pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }),
          png: () => pixels().png({ compressionLevel: 9, adaptiveFiltering: true }),
          webp: () => pixels().webp({ quality: 80, alphaQuality: 90 }),
          avif: () => pixels().avif({ quality: 50, effort: 2 }),
        };
        for (const format of [original, 'webp', 'avif'] as const) {
          const body = await encoders[format]().toBuffer();
          files.push({ name: `${info.width}.${format}`, format, width: info.width, height: info.height, body });
        }
      }
      return { original, width, height, files };
    } catch (error) {
      if (AppError.is(error)) throw error;
      // A truncated or malformed file that only starts like an image.
      throw new AppError('InvalidImageFormat', { cause: error });
    }
  }
}
