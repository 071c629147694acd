import { Injectable } from '@nestjs/common';
import { AppError, type ErrorCode } from '@pencraft/errors';
import {
  AVATAR_SIZE,
  BANNER_SIZE,
  IMAGE_MAX_PIXELS,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  type PictureKind,
} from '@pencraft/rules';
import { EncodeSlots, loadImageCodecs } from '@pencraft/kit';

const CODES: Record<PictureKind, { format: ErrorCode; size: ErrorCode }> = {
  avatar: { format: 'InvalidAvatarFormat', size: 'InvalidAvatarSize' },
  banner: { format: 'InvalidCoverFormat', size: 'InvalidCoverSize' },
};

/**
 * An uploaded picture judged by its bytes (not its name or declared type), cropped to its size and re-encoded as
 * JPEG: the output holds no metadata of the upload (EXIF, GPS, comments) and no bytes of it but the pixels. Its
 * dimensions are read from the header first: past IMAGE_MAX_PIXELS it is refused with the size code before a pixel is
 * decoded (sharp's limitInputPixels stops the decoder too, should the header lie), and at most ENCODE_SLOTS pictures
 * are decoded at once.
 */
@Injectable()
export class ImageProcessor {
  private readonly slots = new EncodeSlots();

  async process(kind: PictureKind, bytes: Buffer): Promise<Buffer> {
    const codes = CODES[kind];
    if (bytes.length > PICTURE_MAX_BYTES) throw new AppError(codes.size);
    const { sharp, fileTypeFromBuffer } = await loadImageCodecs();
    const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
    if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime)) throw new AppError(codes.format);
    const size = kind === 'avatar' ? AVATAR_SIZE : BANNER_SIZE;
    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => {
        throw new AppError(codes.format, { cause: error });
      });
    if ((header.width ?? 0) * (header.height ?? 0) > IMAGE_MAX_PIXELS) throw new AppError(codes.size);
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
