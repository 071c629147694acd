import { Injectable } from '@nestjs/common';
import { AppError, type ErrorCode } from '@pencraft/errors';
import { EncodeSlots, loadImageCodecs } from '@pencraft/kit';
import {
  AVATAR_SIZE,
  BANNER_SIZE,
  IMAGE_MAX_PIXELS,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  type PublicationImageKind,
} from '@pencraft/rules';

/**
 * A logo answers as a profile picture does and a cover as a banner (SPEC.md section 8 names no codes of its own for
 * publication images; section 9 gives them the profile's 3 MB and sizes).
 */
export const PUBLICATION_IMAGE_CODES: Record<PublicationImageKind, { format: ErrorCode; size: ErrorCode }> = {
  logo: { format: 'InvalidAvatarFormat', size: 'InvalidAvatarSize' },
  cover: { format: 'InvalidCoverFormat', size: 'InvalidCoverSize' },
};

/** The stored sizes: the logo 200x200 like an avatar, the cover 1200x240 like a banner (SPEC.md section 9). */
export const PUBLICATION_IMAGE_SIZES = { logo: AVATAR_SIZE, cover: BANNER_SIZE } as const;

/**
 * An uploaded logo or cover judged by its bytes (not its name or declared type), cropped to its size and
 * re-encoded as JPEG without the upload's metadata, as identity does profile pictures. Its dimensions are read from
 * the header first: past IMAGE_MAX_PIXELS it is refused with the size code before a pixel is decoded (and sharp's
 * limitInputPixels stops the decoder should the header lie); at most ENCODE_SLOTS images are decoded at once.
 */
@Injectable()
export class PublicationImageProcessor {
  private readonly slots = new EncodeSlots();

  async process(kind: PublicationImageKind, bytes: Buffer): Promise<Buffer> {
    const codes = PUBLICATION_IMAGE_CODES[kind];
    if (bytes.length > PICTURE_MAX_BYTES) throw new AppError(codes.size);
    const { sharp, fileTypeFromBuffer } = await loadImageCodecs();
    const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
    if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime)) throw new AppError(codes.format);
    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => {
        throw new AppError(codes.format, { cause: error });
      });
    if ((header.width ?? 0) * (header.height ?? 0) > IMAGE_MAX_PIXELS) throw new AppError(codes.size);
    const size = PUBLICATION_IMAGE_SIZES[kind];
    try {
      return await this.slots.run(() =>
        sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer(),
      );
    } catch (error) {
      // A truncated or malformed file that only starts like an image.
      throw new AppError(codes.format, { cause: error });
    }
  }
}
