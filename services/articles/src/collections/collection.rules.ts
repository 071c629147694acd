import { AppError } from '@pencraft/errors';
import { collectionNameProblem, normalizeCollectionName } from '@pencraft/rules';

export interface CollectionAccess {
  ownerUid: string;
  private: boolean;
}

/** A private collection exists only for its owner; a public one for everyone. */
export function canRead(collection: CollectionAccess | undefined, viewerUid: string): collection is CollectionAccess {
  return !!collection && (!collection.private || collection.ownerUid === viewerUid);
}

/**
 * Only the owner changes a collection. Someone else learns nothing of a private one (CollectionNotFound, as for an
 * id that names nothing) and is refused a public one they can see anyway (Forbidden).
 */
export function assertOwner(
  collection: CollectionAccess | undefined,
  uid: string,
): asserts collection is CollectionAccess {
  if (!canRead(collection, uid)) throw new AppError('CollectionNotFound');
  if (collection.ownerUid !== uid) throw new AppError('Forbidden');
}

/** A collection name as stored, or InvalidName for the name field. */
export function checkCollectionName(name: string): string {
  if (collectionNameProblem(name ?? '')) {
    throw new AppError('InvalidName', { details: [{ field: 'name', code: 'InvalidName' }] });
  }
  return normalizeCollectionName(name);
}
