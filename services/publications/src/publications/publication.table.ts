import {
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_NAME_MAX,
  PUBLICATION_SLUG_MAX,
  PUBLICATION_SLUG_MIN,
  PUBLICATION_SLUG_PATTERN,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publicationsSchema } from '../publications.schema.js';

/**
 * A publication: one per owner. Name and slug are unique regardless of case (the slug is stored lowercase, the
 * name through `nameKey`, the rules' publicationNameKey of it: Azerbaijani's i, ı, I and İ are one letter).
 * `nameChangedAt` and `slugChangedAt` start each field's 14-day interval.
 */
export const publications = publicationsSchema.table(
  'publications',
  {
    id: uuid('id').primaryKey(),
    ownerUid: uuid('owner_uid').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    logoKey: text('logo_key'),
    coverKey: text('cover_key'),
    nameChangedAt: timestamp('name_changed_at', { withTimezone: true }),
    slugChangedAt: timestamp('slug_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_owner_key').on(t.ownerUid),
    uniqueIndex('publications_name_key').on(t.nameKey),
    uniqueIndex('publications_slug_key').on(t.slug),
    check('publications_name_length', sql.raw(`char_length("name") between 1 and ${PUBLICATION_NAME_MAX}`)),
    check(
      'publications_slug_format',
      sql.raw(
        `char_length("slug") between ${PUBLICATION_SLUG_MIN} and ${PUBLICATION_SLUG_MAX} and "slug" ~ '${PUBLICATION_SLUG_PATTERN}'`,
      ),
    ),
    check('publications_description_length', sql.raw(`char_length("description") <= ${PUBLICATION_DESCRIPTION_MAX}`)),
  ],
);

export type PublicationRow = typeof publications.$inferSelect;
