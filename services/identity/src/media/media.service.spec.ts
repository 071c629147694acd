import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, ObjectStore, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import { ImageProcessor } from './image-processor.js';
import { MediaService } from './media.service.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';

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

describe('ImageProcessor', () => {
  const images = new ImageProcessor();

  it('crops a PNG to 200x200 and re-encodes it as JPEG without the metadata', async () => {
    const out = await images.process('avatar', await png(640, 480));
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(out.toString('latin1')).not.toContain('secret-camera-owner');
  });

  it('crops a JPEG banner to 1200x240', async () => {
    const jpeg = await sharp(await png(300, 300))
      .jpeg()
      .toBuffer();
    const meta = await sharp(await images.process('banner', jpeg)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 240 });
  });

  it('judges by content: text, GIF and a truncated PNG are refused with the format code of the kind', async () => {
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    const truncated = (await png(300, 300)).subarray(0, 200);
    expect(await codeOf(images.process('avatar', Buffer.from('not an image at all')))).toBe('InvalidAvatarFormat');
    expect(await codeOf(images.process('banner', Buffer.from('not an image')))).toBe('InvalidCoverFormat');
    expect(await codeOf(images.process('avatar', gif))).toBe('InvalidAvatarFormat');
    expect(await codeOf(images.process('avatar', truncated))).toBe('InvalidAvatarFormat');
    expect(await codeOf(images.process('avatar', Buffer.alloc(0)))).toBe('InvalidAvatarFormat');
  });

  it('refuses more than 3 MB with the size code of the kind', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    expect(await codeOf(images.process('avatar', big))).toBe('InvalidAvatarSize');
    expect(await codeOf(images.process('banner', big))).toBe('InvalidCoverSize');
  });

  it('refuses a decompression bomb by its header (past 24 megapixels) with the size code of the kind', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await codeOf(images.process('avatar', bomb))).toBe('InvalidAvatarSize');
    expect(await codeOf(images.process('banner', bomb))).toBe('InvalidCoverSize');
    // Under the old 50-megapixel decoder limit, yet past 24: refused as well, by its size.
    expect(await codeOf(images.process('avatar', pngBomb(6_000, 5_000)))).toBe('InvalidAvatarSize');
  });
});

describe('MediaService', () => {
  let profiles: StrictMock<ProfileRepository>;
  let images: StrictMock<ImageProcessor>;
  let store: StrictMock<ObjectStore>;
  let outbox: StrictMock<Outbox>;
  let log: StrictMock<Logger>;
  let service: MediaService;
  const stored = Buffer.from('jpeg bytes');
  const hash = createHash('sha256').update(stored).digest('hex').slice(0, 32);

  beforeEach(() => {
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    images = strictMock<ImageProcessor>('ImageProcessor');
    store = strictMock<ObjectStore>('ObjectStore');
    outbox = strictMock<Outbox>('Outbox');
    log = strictMock<Logger>('Logger');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new MediaService(fakeTransactions() as never, profiles, images, store, outbox, clock, log);
    store.publicUrl.mockImplementation((key: string) => `/media/${key}`);
  });

  it('stores the avatar under a content-addressed key, announces it and removes the old one', async () => {
    images.process.mockResolvedValue(stored);
    store.put.mockResolvedValue(undefined);
    store.remove.mockResolvedValue(undefined);
    profiles.lock.mockResolvedValue({
      id: UID,
      imageKey: `users/${UID}/avatar-old.jpg`,
      imageUrl: '/media/old',
    } as UserRow);
    const key = `users/${UID}/avatar-${hash}.jpg`;
    profiles.update.mockResolvedValue({
      id: UID,
      username: 'leyla',
      fullname: 'Leyla',
      imageUrl: `/media/${key}`,
    } as UserRow);
    outbox.add.mockResolvedValue('e');

    expect(await service.set(UID, 'avatar', Buffer.from('upload'))).toEqual({ url: `/media/${key}` });

    expect(store.put).toHaveBeenCalledWith(key, stored, 'image/jpeg');
    expect(profiles.update).toHaveBeenCalledWith(TX, UID, { imageUrl: `/media/${key}`, imageKey: key }, NOW);
    expect(EVENTS.userUpdated.message.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
      uid: UID,
      imageUrl: `/media/${key}`,
    });
    expect(store.remove).toHaveBeenCalledWith(`users/${UID}/avatar-old.jpg`);
  });

  it('keeps the banner to itself (no event) and stores nothing when the image is refused', async () => {
    images.process.mockRejectedValue(new AppError('InvalidCoverFormat'));
    expect(await codeOf(service.set(UID, 'banner', Buffer.from('text')))).toBe('InvalidCoverFormat');
    expect(store.put).not.toHaveBeenCalled();
  });

  it('removes the banner and its object', async () => {
    profiles.lock.mockResolvedValue({ id: UID, bannerKey: `users/${UID}/banner-1.jpg` } as UserRow);
    profiles.update.mockResolvedValue({ id: UID } as UserRow);
    store.remove.mockResolvedValue(undefined);
    await service.remove(UID, 'banner');
    expect(profiles.update).toHaveBeenCalledWith(TX, UID, { bannerUrl: null, bannerKey: null }, NOW);
    expect(store.remove).toHaveBeenCalledWith(`users/${UID}/banner-1.jpg`);
    expect(outbox.add).not.toHaveBeenCalled();
  });
});
