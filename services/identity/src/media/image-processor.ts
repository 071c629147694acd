import { Injectable } from '@nestjs/common';
import { AppError, type ErrorCode } from '@pencraft/errors';
import { AVATAR_SIZE, BANNER_SIZE, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type PictureKind = 'avatar' | 'banner';

export const PICTURE_KINDS: readonly PictureKind[] = ['avatar', 'banner'];

const CODES: Record<PictureKind, { format: ErrorCode; size: ErrorCode }> = {
  avatar: { format: 'InvalidAvatarFormat', size: 'InvalidAvatarSize' },
  banner: { format: 'InvalidCoverFormat', size: 'InvalidCoverSize' },
};

/** Decoding stops past this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

export function isPictureKind(value: string): value is PictureKind {
  return (PICTURE_KINDS as readonly string[]).includes(value);
}

/**
 * An uploaded picture judged by its bytes (not its name or declared type), cropped to its size and re-encoded as
 * JPEG: the output holds no metadata of the upload (EXIF, GPS, comments) and no bytes of it but the pixels.
 */
@Injectable()
export class ImageProcessor {
  async process(kind: PictureKind, bytes: Buffer): Promise<Buffer> {
    const codes = CODES[kind];
    if (bytes.length > PICTURE_MAX_BYTES) throw new AppError(codes.size);
    const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
    if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime)) throw new AppError(codes.format);
    const size = kind === 'avatar' ? AVATAR_SIZE : BANNER_SIZE;
    try {
      return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      // A truncated or malformed file that only starts like an image.
      throw new AppError(codes.format, { cause: error });
    }
  }
}
