import { Inject, Injectable } from '@nestjs/common';
import type { ImageUse, ListImagesResponse, UploadImageResponse } from '@pencraft/contracts/articles/v1/media';
import { AppError } from '@pencraft/errors';
import { EDITOR_IMAGE_UPLOAD_WINDOW_MS, isUuid } from '@pencraft/rules';
import {
  Clock,
  isValidObjectKey,
  type Logger,
  LOGGER,
  ObjectStore,
  REDIS,
  type RedisClient,
  type Transaction,
  TransactionManager,
} from '@pencraft/kit';
import { randomUUID } from 'node:crypto';
import { CONTENT_TYPES, ImageVariantsMaker } from './image-variants.js';
import { articleMediaPrefix, imageFolder } from './media-keys.js';
import { MediaRepository } from './media.repository.js';
import {
  decodeImageLogCursor,
  encodeImageLogCursor,
  IMAGE_LOG_PAGE_SIZE,
  overImageQuota,
  overUploadRate,
  thumbnailOf,
  uploadWindow,
} from './media.rules.js';
import { editorImageFormats } from '@pencraft/contracts/enums/articles';

/** The Redis counter of a writer's uploads in one rate window. */
const uploadsKey = (uid: string, window: number) => `articles:media:uploads:${uid}:${window}`;

/**
 * The editor's images: variants stored under articles/<uid>/<id>/ (a new folder per upload, so a key's bytes never
 * change), recorded with their owner; only the owner deletes them. Each writer has an upload rate (counted in Redis,
 * the attempt reserved before it is compared) and a quota of kept images (counted again under a per-writer lock when
 * the row is inserted, so parallel uploads cannot pass it together).
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly images: ImageVariantsMaker,
    private readonly repository: MediaRepository,
    private readonly store: ObjectStore,
    private readonly transactions: TransactionManager,
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async upload(uid: string, bytes: Buffer): Promise<UploadImageResponse> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    await this.countUpload(uid);
    // Before the encodes: a writer at the quota is told at once (the insert counts again, under the lock).
    if (overImageQuota(await this.repository.countOwner(uid))) throw new AppError('ImageQuotaExceeded');
    const made = await this.images.make(bytes);
    const id = randomUUID();
    const folder = imageFolder(uid, id);
    const stored: string[] = [];
    try {
      for (const file of made.files) {
        const key = `${folder}${file.name}`;
        await this.store.put(key, file.body, CONTENT_TYPES[file.format]);
        stored.push(key);
      }
      const originals = made.files.filter((file) => file.format === made.original);
      const largest = originals[originals.length - 1]!;
      const format = made.original === 'png' ? 'png' : 'jpeg';
      const key = `${folder}${largest.name}`;
      await this.transactions.run(async (tx) => {
        await this.repository.lockOwner(tx, uid);
        if (overImageQuota(await this.repository.countOwner(uid, tx))) throw new AppError('ImageQuotaExceeded');
        await this.repository.insert(
          {
            id,
            ownerUid: uid,
            folder,
            key,
            type: `image/${format}`,
            width: largest.width,
            height: largest.height,
            keys: stored,
            bytes: bytes.length,
          },
          tx,
        );
      });
      return {
        key,
        url: this.store.publicUrl(key),
        width: largest.width,
        height: largest.height,
        type: editorImageFormats.toProto(format),
        variants: originals.map((file) => ({
          key: `${folder}${file.name}`,
          url: this.store.publicUrl(`${folder}${file.name}`),
          width: file.width,
          height: file.height,
        })),
      };
    } catch (error) {
      // Nothing half-stored stays behind a failed upload.
      await this.discard(stored);
      throw error;
    }
  }

  /** Only the owner deletes; another user's image and an unknown key are the same NotFound. */
  async remove(uid: string, key: string): Promise<void> {
    if (!isValidObjectKey(key))
      throw new AppError('InvalidModel', { details: [{ field: 'key', code: 'InvalidModel' }] });
    const row = await this.repository.findByKey(key);
    if (!row || row.ownerUid !== uid) throw new AppError('NotFound');
    await this.repository.remove(row.id);
    await this.discard(row.keys);
  }

  /**
   * The uploads log: the user's own images newest first, IMAGE_LOG_PAGE_SIZE a page, each with its thumbnail (the
   * narrowest variant), size, upload time and the user's drafts and articles that use it (MediaRepository.usesOf).
   * Nobody else's image is ever listed: the owner is the signed-in user, never an id of the request.
   */
  async list(uid: string, cursor: string): Promise<ListImagesResponse> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    const after = decodeImageLogCursor(cursor);
    if (after === null) throw new AppError('InvalidPage', { details: [{ field: 'cursor', code: 'InvalidPage' }] });
    const rows = await this.repository.listOwner(uid, after, IMAGE_LOG_PAGE_SIZE + 1);
    const page = rows.slice(0, IMAGE_LOG_PAGE_SIZE);
    const uses = new Map<string, Map<string, ImageUse>>();
    for (const use of await this.repository.usesOf(
      uid,
      page.map((row) => row.folder),
    )) {
      const id = use.draftId ?? use.articleId ?? '';
      const named = uses.get(use.folder) ?? new Map<string, ImageUse>();
      if (!named.has(id))
        named.set(id, { draftId: use.draftId ?? '', articleId: use.articleId ?? '', title: use.title });
      uses.set(use.folder, named);
    }
    const last = page.at(-1);
    return {
      images: page.map((row) => {
        const thumbnail = thumbnailOf(row.key, row.keys);
        return {
          key: row.key,
          url: this.store.publicUrl(row.key),
          width: row.width,
          height: row.height,
          type: editorImageFormats.toProto(row.type === 'image/png' ? 'png' : 'jpeg'),
          thumbnail: {
            key: thumbnail.key,
            url: this.store.publicUrl(thumbnail.key),
            width: thumbnail.width,
            height: row.width > 0 ? Math.max(1, Math.round((row.height * thumbnail.width) / row.width)) : 0,
          },
          bytes: row.bytes ?? undefined,
          uploadedAtMs: row.createdAt.getTime(),
          uses: [...(uses.get(row.folder)?.values() ?? [])],
        };
      }),
      nextCursor: rows.length > IMAGE_LOG_PAGE_SIZE && last ? encodeImageLogCursor(last) : '',
    };
  }

  /**
   * A deleted account's images go with it (identity.user.deleted, in the event's transaction): the rows, then every
   * object under articles/<uid>/, uploads that never got a row included. Removing objects is idempotent, so a
   * redelivered event is harmless; a store failure is logged, and leaves garbage rather than blocking the deletion.
   */
  async forgetOwner(uid: string, tx: Transaction): Promise<void> {
    await this.repository.removeOwner(uid, tx);
    await this.store
      .removePrefix(articleMediaPrefix(uid))
      .catch((error: unknown) => this.log.warn({ err: error }, 'images of a deleted account kept'));
  }

  /** Reserves the attempt in the writer's rate window (INCR first, so a parallel burst is counted exactly). */
  private async countUpload(uid: string): Promise<void> {
    const key = uploadsKey(uid, uploadWindow(this.clock.now()));
    const [uploads] = (await this.redis
      .multi()
      .incr(key)
      .pExpire(key, EDITOR_IMAGE_UPLOAD_WINDOW_MS)
      .exec()) as unknown as [number, unknown];
    if (overUploadRate(Number(uploads))) throw new AppError('TooManyRequests');
  }

  /** Objects no row refers to are garbage, not a broken article: a failure is logged and left. */
  private async discard(keys: string[]) {
    for (const key of keys) {
      await this.store.remove(key).catch((error: unknown) => this.log.warn({ err: error, key }, 'image object kept'));
    }
  }
}
