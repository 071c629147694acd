import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ImageVariantsMaker } from './image-variants.js';

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();

/**
 * A decompression bomb: a one-colour 1-bit greyscale PNG of width x height whose file is a few kilobytes (the rows
 * deflate to almost nothing) but whose decoded pixels would take width x height x 3 bytes or more.
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8); // the filter byte, then the bits (all zero: black)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('ImageVariantsMaker', () => {
  const maker = new ImageVariantsMaker();

  it('makes 640, 1280 and 1920 px wide variants of a large PNG in PNG, WebP and AVIF, without metadata', async () => {
    const made = await maker.make(await png(2400, 1200));
    expect(made).toMatchObject({ original: 'png', width: 2400, height: 1200 });
    expect(made.files.map((f) => f.name)).toEqual([
      '640.png',
      '640.webp',
      '640.avif',
      '1280.png',
      '1280.webp',
      '1280.avif',
      '1920.png',
      '1920.webp',
      '1920.avif',
    ]);
    for (const file of made.files) {
      const meta = await sharp(file.body).metadata();
      expect({ name: file.name, width: meta.width, height: meta.height }).toEqual({
        name: file.name,
        width: file.width,
        height: file.width / 2,
      });
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : file.format);
      expect(meta.exif).toBeUndefined();
      expect(file.body.toString('latin1')).not.toContain('secret-camera-owner');
    }
  });

  it('never enlarges: a 900 px JPEG gets 640 and 900, as JPEG', async () => {
    const jpeg = await sharp(await png(900, 300))
      .jpeg()
      .toBuffer();
    const made = await maker.make(jpeg);
    expect(made.original).toBe('jpg');
    expect(made.files.filter((f) => f.format === 'jpg').map((f) => [f.width, f.height])).toEqual([
      [640, 213],
      [900, 300],
    ]);
  });

  it('turns an image by its EXIF orientation before measuring it', async () => {
    const turned = await sharp(await png(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const made = await maker.make(turned);
    expect([made.width, made.height]).toEqual([200, 400]);
    expect(await sharp(made.files[0]!.body).metadata()).toMatchObject({ width: 200, height: 400 });
  });

  it('judges by content: text, GIF, WebP, SVG, an empty body and a truncated PNG are InvalidImageFormat', async () => {
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    const webp = await sharp(await png(10, 10))
      .webp()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const truncated = (await png(300, 300)).subarray(0, 200);
    for (const bytes of [Buffer.from('not an image at all'), gif, webp, svg, truncated, Buffer.alloc(0)]) {
      expect(await codeOf(maker.make(bytes))).toBe('InvalidImageFormat');
    }
  });

  it('refuses more than 2 MB with InvalidImageSize before decoding', async () => {
    expect(await codeOf(maker.make(Buffer.alloc(2 * 1024 * 1024 + 1)))).toBe('InvalidImageSize');
  });

  it('refuses a decompression bomb by its header (past 24 megapixels) with InvalidImageSize, never decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await codeOf(maker.make(bomb))).toBe('InvalidImageSize');
    // Under the old 50-megapixel decoder limit, yet past 24: refused as well, by its size.
    expect(await codeOf(maker.make(pngBomb(6_000, 5_000)))).toBe('InvalidImageSize');
  });

  it('still takes an image just under the pixel limit', async () => {
    const made = await maker.make(pngBomb(6_000, 4_000));
    expect(made).toMatchObject({ original: 'png', width: 6_000, height: 4_000 });
  });
});
