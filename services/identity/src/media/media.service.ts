import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, ObjectStore, Outbox, TransactionManager } from '@pencraft/kit';
import { createHash } from 'node:crypto';
import { ProfileRepository } from '../profile/profile.repository.js';
import { userUpdatedEvent } from '../profile/user-updated.js';
import type { PictureKind } from '@pencraft/rules';
import { ImageProcessor } from './image-processor.js';
import { userMediaPrefix } from './media-keys.js';

/** The profile picture (avatar) and the banner, stored in the object store under content-addressed keys. */
@Injectable()
export class MediaService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly profiles: ProfileRepository,
    private readonly images: ImageProcessor,
    private readonly store: ObjectStore,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async set(uid: string, picture: PictureKind, bytes: Buffer): Promise<{ url: string }> {
    const body = await this.images.process(picture, bytes);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    const key = `${userMediaPrefix(uid)}${picture}-${hash}.jpg`;
    await this.store.put(key, body, 'image/jpeg');
    const url = this.store.publicUrl(key);
    const previousKey = await this.save(uid, picture, { url, key });
    if (previousKey && previousKey !== key) await this.discard(previousKey);
    return { url };
  }

  async remove(uid: string, picture: PictureKind): Promise<void> {
    const previousKey = await this.save(uid, picture, { url: null, key: null });
    if (previousKey) await this.discard(previousKey);
  }

  /** Records the new picture (a new avatar is announced) and answers the key it replaced. */
  private async save(uid: string, kind: PictureKind, picture: { url: string | null; key: string | null }) {
    const at = this.clock.now();
    return this.transactions.run(async (tx) => {
      const before = await this.profiles.lock(tx, uid);
      if (!before) throw new AppError('UserNotFound');
      if (kind === 'avatar') {
        const after = await this.profiles.update(tx, uid, { imageUrl: picture.url, imageKey: picture.key }, at);
        if (after.imageUrl !== before.imageUrl) await this.outbox.add(tx, userUpdatedEvent(after, at));
        return before.imageKey;
      }
      await this.profiles.update(tx, uid, { bannerUrl: picture.url, bannerKey: picture.key }, at);
      return before.bannerKey;
    });
  }

  /** The replaced object is no longer referenced; failing to remove it leaves garbage, not a broken profile. */
  private async discard(key: string) {
    await this.store.remove(key).catch((error: unknown) => this.log.warn({ err: error, key }, 'old picture kept'));
  }
}
