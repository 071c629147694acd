import { Inject, Injectable } from '@nestjs/common';
import { isValidObjectKey, ObjectStore, type StoredObject } from '@pencraft/kit';

/** The only types served: images the uploader checked (by their bytes) before storing them. */
export const MEDIA_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** Keys are content-addressed by the uploader: the bytes under a key never change, so caches may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Editor images (articles/…/<width>.jpg|png) have .avif and .webp siblings: the answer for such a key depends on
 * the Accept header (and says so with Vary: Accept).
 */
const NEGOTIATED = /^(articles\/.+\/\d+)\.(jpg|png)$/;

export interface MediaAnswer extends StoredObject {
  /** The answer was chosen by the Accept header: caches must key it by Accept. */
  negotiated: boolean;
}

/** The modern formats the browser takes, best first (a q=0 refuses a type; a wildcard image/* takes none for granted). */
export function acceptedModernFormats(accept: string | undefined): ('avif' | 'webp')[] {
  const refused = new Set<string>();
  const taken = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    (q && Number(q.slice(2)) === 0 ? refused : taken).add(type ?? '');
  }
  return (['avif', 'webp'] as const).filter(
    (format) => taken.has(`image/${format}`) && !refused.has(`image/${format}`),
  );
}

@Injectable()
export class MediaService {
  constructor(@Inject(ObjectStore) private readonly store: ObjectStore) {}

  /**
   * The image under `key` (or, for an editor image, its AVIF or WebP sibling when `accept` allows), or undefined
   * when the key is not one we serve, nothing is stored, or it is no image.
   */
  async find(key: string, accept?: string): Promise<MediaAnswer | undefined> {
    if (!isValidObjectKey(key)) return undefined;
    const negotiable = NEGOTIATED.exec(key);
    if (negotiable) {
      for (const format of acceptedModernFormats(accept)) {
        const modern = await this.read(`${negotiable[1]}.${format}`);
        if (modern) return { ...modern, negotiated: true };
      }
    }
    const object = await this.read(key);
    return object && { ...object, negotiated: negotiable !== null };
  }

  private async read(key: string): Promise<StoredObject | undefined> {
    const object = await this.store.get(key);
    if (!object) return undefined;
    // "image/png; charset=…" is not a thing we store; compare the bare type anyway.
    const type = object.contentType.split(';')[0]!.trim().toLowerCase();
    return MEDIA_TYPES.has(type) ? { body: object.body, contentType: type } : undefined;
  }
}
