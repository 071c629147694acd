import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, ObjectStore, RedisClient } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ImageVariantsMaker, ImageVariants } from './image-variants.js';
import type { MediaRepository } from './media.repository.js';
import type { MediaRow } from './media.table.js';
import { MediaService } from './media.service.js';
import { EditorImageFormat } from '@pencraft/contracts/articles/v1/media';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER = '1c9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const NOW = new Date('2026-11-27T10:04:00Z');
/** 2026-11-27T10:04Z in 10-minute windows since the epoch. */
const WINDOW = Math.floor(NOW.getTime() / 600_000);

/** Redis as the upload counter sees it: MULTI INCR key, PEXPIRE key, EXEC answering the count. */
function uploadCounter(counts: Map<string, number>) {
  const redis = strictMock<RedisClient>('Redis');
  redis.multi.mockImplementation(() => {
    let counted = '';
    const chain = {
      incr: (key: string) => {
        counted = key;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return chain;
      },
      pExpire: (key: string, ms: number) => {
        expect([key, ms]).toEqual([counted, 600_000]);
        return chain;
      },
      exec: async () => [counts.get(counted), 1],
    };
    return chain as never;
  });
  return redis;
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const made: ImageVariants = {
  original: 'jpg',
  width: 900,
  height: 300,
  files: (
    [
      [640, 'jpg'],
      [640, 'webp'],
      [640, 'avif'],
      [900, 'jpg'],
      [900, 'webp'],
      [900, 'avif'],
    ] as const
  ).map(([width, format]) => ({
    name: `${width}.${format}`,
    format,
    width,
    height: width / 3,
    body: Buffer.from(`${width}${format}`),
  })),
};

describe('MediaService', () => {
  let images: StrictMock<ImageVariantsMaker>;
  let repository: StrictMock<MediaRepository>;
  let store: StrictMock<ObjectStore>;
  let log: StrictMock<Logger>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let counts: Map<string, number>;
  let service: MediaService;

  beforeEach(() => {
    images = strictMock<ImageVariantsMaker>('ImageVariantsMaker');
    repository = strictMock<MediaRepository>('MediaRepository');
    store = strictMock<ObjectStore>('ObjectStore');
    log = strictMock<Logger>('Logger');
    transactions = fakeTransactions();
    counts = new Map();
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new MediaService(images, repository, store, transactions as never, clock, uploadCounter(counts), log);
    store.publicUrl.mockImplementation((key: string) => `/media/${key}`);
    repository.countOwner.mockResolvedValue(3);
    repository.lockOwner.mockResolvedValue(undefined);
  });

  it('stores every variant under a new folder of the uploader, records them and answers the largest', async () => {
    images.make.mockResolvedValue(made);
    store.put.mockResolvedValue(undefined);
    repository.insert.mockImplementation(async (row) => row as MediaRow);

    const answer = await service.upload(UID, Buffer.from('upload'));

    const folder = answer.key.slice(0, answer.key.lastIndexOf('/') + 1);
    expect(folder).toMatch(new RegExp(`^articles/${UID}/[0-9a-f-]{36}/$`));
    expect(answer).toEqual({
      key: `${folder}900.jpg`,
      url: `/media/${folder}900.jpg`,
      width: 900,
      height: 300,
      type: EditorImageFormat.EDITOR_IMAGE_FORMAT_JPEG,
      variants: [
        { key: `${folder}640.jpg`, url: `/media/${folder}640.jpg`, width: 640, height: 640 / 3 },
        { key: `${folder}900.jpg`, url: `/media/${folder}900.jpg`, width: 900, height: 300 },
      ],
    });
    expect(store.put.mock.calls.map(([key, , type]) => [key.slice(folder.length), type])).toEqual([
      ['640.jpg', 'image/jpeg'],
      ['640.webp', 'image/webp'],
      ['640.avif', 'image/avif'],
      ['900.jpg', 'image/jpeg'],
      ['900.webp', 'image/webp'],
      ['900.avif', 'image/avif'],
    ]);
    expect(repository.insert).toHaveBeenCalledWith(
      expect.objectContaining({ ownerUid: UID, folder, key: `${folder}900.jpg`, width: 900, height: 300, bytes: 6 }),
      TX,
    );
    expect(repository.insert.mock.calls[0]![0].keys).toHaveLength(6);
    // The quota is counted again under the writer's lock, in the insert's transaction.
    expect(repository.lockOwner).toHaveBeenCalledWith(TX, UID);
    expect(repository.countOwner).toHaveBeenLastCalledWith(UID, TX);
    expect(counts.get(`articles:media:uploads:${UID}:${WINDOW}`)).toBe(1);
  });

  it('takes 30 uploads in a 10-minute window, then answers TooManyRequests before decoding anything', async () => {
    images.make.mockResolvedValue(made);
    store.put.mockResolvedValue(undefined);
    repository.insert.mockImplementation(async (row) => row as MediaRow);
    counts.set(`articles:media:uploads:${UID}:${WINDOW}`, 29);
    await service.upload(UID, Buffer.from('30th'));
    expect(await codeOf(service.upload(UID, Buffer.from('31st')))).toBe('TooManyRequests');
    expect(images.make).toHaveBeenCalledTimes(1);
    // Another writer has their own window.
    await service.upload(OTHER, Buffer.from('first'));
    expect(images.make).toHaveBeenCalledTimes(2);
  });

  it('answers ImageQuotaExceeded at 200 kept images, before decoding, and stores nothing', async () => {
    repository.countOwner.mockResolvedValue(200);
    expect(await codeOf(service.upload(UID, Buffer.from('one too many')))).toBe('ImageQuotaExceeded');
    expect(images.make).not.toHaveBeenCalled();
    expect(store.put).not.toHaveBeenCalled();
  });

  it('counts the quota again under the lock: an upload that lost the race removes what it stored', async () => {
    images.make.mockResolvedValue(made);
    store.put.mockResolvedValue(undefined);
    store.remove.mockResolvedValue(undefined);
    repository.countOwner.mockResolvedValueOnce(199).mockResolvedValueOnce(200);
    expect(await codeOf(service.upload(UID, Buffer.from('raced')))).toBe('ImageQuotaExceeded');
    expect(repository.insert).not.toHaveBeenCalled();
    expect(transactions.rolledBack).toBe(1);
    expect(store.remove).toHaveBeenCalledTimes(6);
  });

  it('stores nothing when the image is refused', async () => {
    images.make.mockRejectedValue(new AppError('InvalidImageFormat'));
    expect(await codeOf(service.upload(UID, Buffer.from('text')))).toBe('InvalidImageFormat');
    expect(store.put).not.toHaveBeenCalled();
  });

  it('removes what it stored when the store fails half-way', async () => {
    images.make.mockResolvedValue(made);
    store.put.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('store down'));
    store.remove.mockResolvedValue(undefined);
    await expect(service.upload(UID, Buffer.from('x'))).rejects.toThrow('store down');
    expect(store.remove).toHaveBeenCalledTimes(1);
    expect(store.remove.mock.calls[0]![0]).toMatch(/640\.jpg$/);
  });

  const row = (owner: string) =>
    ({
      id: 'm1',
      ownerUid: owner,
      folder: `articles/${owner}/f/`,
      key: `articles/${owner}/f/900.jpg`,
      keys: [`articles/${owner}/f/900.jpg`, `articles/${owner}/f/900.webp`],
    }) as MediaRow;

  it("deletes the owner's image with every variant", async () => {
    repository.findByKey.mockResolvedValue(row(UID));
    repository.remove.mockResolvedValue(undefined);
    store.remove.mockResolvedValue(undefined);
    await service.remove(UID, `articles/${UID}/f/900.webp`);
    expect(repository.remove).toHaveBeenCalledWith('m1');
    expect(store.remove.mock.calls.map(([key]) => key)).toEqual(row(UID).keys);
  });

  it("answers NotFound for someone else's image and for an unknown key, and touches nothing", async () => {
    repository.findByKey.mockResolvedValueOnce(row(OTHER)).mockResolvedValueOnce(undefined);
    expect(await codeOf(service.remove(UID, `articles/${OTHER}/f/900.jpg`))).toBe('NotFound');
    expect(await codeOf(service.remove(UID, `articles/${UID}/none/1.jpg`))).toBe('NotFound');
    expect(repository.remove).not.toHaveBeenCalled();
    expect(store.remove).not.toHaveBeenCalled();
  });

  it('refuses a malformed key before looking it up', async () => {
    expect(await codeOf(service.remove(UID, '../x'))).toBe('InvalidModel');
  });
});

describe('MediaService: the uploads log', () => {
  let repository: StrictMock<MediaRepository>;
  let service: MediaService;
  const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const logged = (n: number, bytes: number | null = 1000 + n) => {
    const folder = `articles/${UID}/${ID(n)}/`;
    return {
      id: ID(n),
      ownerUid: UID,
      folder,
      key: `${folder}1280.png`,
      type: 'image/png' as const,
      width: 1280,
      height: 960,
      keys: ['640.png', '640.webp', '640.avif', '1280.png', '1280.webp', '1280.avif'].map((name) => folder + name),
      bytes,
      createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, 0, 100 - n)),
      atUs: String(Date.UTC(2026, 10, 27, 10, 0, 0, 100 - n) * 1000 + 7),
    };
  };

  beforeEach(() => {
    repository = strictMock<MediaRepository>('MediaRepository');
    const store = strictMock<ObjectStore>('ObjectStore');
    store.publicUrl.mockImplementation((key: string) => `/media/${key}`);
    service = new MediaService(
      strictMock<ImageVariantsMaker>('ImageVariantsMaker'),
      repository,
      store,
      fakeTransactions() as never,
      strictMock<Clock>('Clock'),
      strictMock<RedisClient>('Redis'),
      strictMock<Logger>('Logger'),
    );
  });

  it("lists the user's own images with the thumbnail, size, time and each use named once", async () => {
    repository.listOwner.mockResolvedValue([logged(1), logged(2, null)]);
    repository.usesOf.mockResolvedValue([
      { folder: logged(1).folder, draftId: ID(50), articleId: null, title: 'A draft' },
      { folder: logged(1).folder, draftId: null, articleId: ID(60), title: 'An article' },
      // The same article reached again through one of its edits.
      { folder: logged(1).folder, draftId: null, articleId: ID(60), title: 'An article' },
    ]);
    const answer = await service.list(UID, '');
    expect(repository.listOwner).toHaveBeenCalledWith(UID, undefined, 21);
    expect(repository.usesOf).toHaveBeenCalledWith(UID, [logged(1).folder, logged(2).folder]);
    expect(answer.nextCursor).toBe('');
    expect(answer.images[0]).toEqual({
      key: logged(1).key,
      url: `/media/${logged(1).key}`,
      width: 1280,
      height: 960,
      type: EditorImageFormat.EDITOR_IMAGE_FORMAT_PNG,
      thumbnail: {
        key: `${logged(1).folder}640.png`,
        url: `/media/${logged(1).folder}640.png`,
        width: 640,
        height: 480,
      },
      bytes: 1001,
      uploadedAtMs: logged(1).createdAt.getTime(),
      uses: [
        { draftId: ID(50), articleId: '', title: 'A draft' },
        { draftId: '', articleId: ID(60), title: 'An article' },
      ],
    });
    // Unused, and uploaded before sizes were recorded.
    expect(answer.images[1]).toMatchObject({ uses: [], bytes: undefined });
  });

  it('pages by the last image shown, to the microsecond, and continues after that cursor', async () => {
    const rows = Array.from({ length: 21 }, (_, n) => logged(n + 1));
    repository.listOwner.mockResolvedValue(rows);
    repository.usesOf.mockResolvedValue([]);
    const first = await service.list(UID, '');
    expect(first.images).toHaveLength(20);
    expect(first.nextCursor).toBe(`${rows[19]!.atUs}.${ID(20)}`);
    repository.listOwner.mockResolvedValue([rows[20]!]);
    const second = await service.list(UID, first.nextCursor);
    expect(repository.listOwner).toHaveBeenLastCalledWith(UID, { atUs: rows[19]!.atUs, id: ID(20) }, 21);
    expect(second.images.map((image) => image.key)).toEqual([rows[20]!.key]);
    expect(second.nextCursor).toBe('');
  });

  it('answers InvalidPage for a cursor it did not write and Unauthorized without a user, reading nothing', async () => {
    expect(await codeOf(service.list(UID, 'page-2'))).toBe('InvalidPage');
    expect(await codeOf(service.list('', ''))).toBe('Unauthorized');
    expect(repository.listOwner).not.toHaveBeenCalled();
  });
});

describe("MediaService: a deleted account's images", () => {
  it('forgets the rows in the transaction and removes every object under articles/<uid>/, a store failure only logged', async () => {
    const repository = strictMock<MediaRepository>('MediaRepository');
    const store = strictMock<ObjectStore>('ObjectStore');
    const log = strictMock<Logger>('Logger');
    const service = new MediaService(
      strictMock<ImageVariantsMaker>('ImageVariantsMaker'),
      repository,
      store,
      fakeTransactions() as never,
      strictMock<Clock>('Clock'),
      strictMock<RedisClient>('Redis'),
      log,
    );
    repository.removeOwner.mockResolvedValue(undefined);
    store.removePrefix.mockResolvedValueOnce(9).mockRejectedValueOnce(new Error('store down'));
    log.warn.mockReturnValue(undefined);
    await service.forgetOwner(UID, TX as never);
    expect(repository.removeOwner).toHaveBeenCalledWith(UID, TX);
    expect(store.removePrefix).toHaveBeenCalledWith(`articles/${UID}/`);
    await expect(service.forgetOwner(UID, TX as never)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
