import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { PublicationRow } from './publication.table.js';

/** publications.publication.updated: the publication's whole state after a change, and the slug it had before. */
export function publicationUpdatedEvent(row: PublicationRow, previousSlug: string, now: Date) {
  return outboxEvent(EVENTS.publicationUpdated, {
    publicationId: row.id,
    ownerUid: row.ownerUid,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoKey: row.logoKey ?? '',
    coverKey: row.coverKey ?? '',
    previousSlug,
    updatedAtMs: now.getTime(),
  });
}
