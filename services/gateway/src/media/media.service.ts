import { Inject, Injectable } from '@nestjs/common';
import { isValidObjectKey, ObjectStore, type StoredObject } from '@pencraft/kit';

/** The only types served: images the uploader checked (by their bytes) before storing them. */
export const MEDIA_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Keys are content-addressed by the uploader: the bytes under a key never change, so caches may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

@Injectable()
export class MediaService {
  constructor(@Inject(ObjectStore) private readonly store: ObjectStore) {}

  /** The image under `key`, or undefined when the key is not one we serve, nothing is stored, or it is no image. */
  async find(key: string): Promise<StoredObject | undefined> {
    if (!isValidObjectKey(key)) return undefined;
    const object = await this.store.get(key);
    if (!object) return undefined;
    // "image/png; charset=…" is not a thing we store; compare the bare type anyway.
    const type = object.contentType.split(';')[0]!.trim().toLowerCase();
    return MEDIA_TYPES.has(type) ? { body: object.body, contentType: type } : undefined;
  }
}
