import { oneOf } from '@pencraft/kit/schema';
import { EDITOR_IMAGE_TYPES, type EditorImageFormat } from '@pencraft/rules';
import { check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/**
 * An image uploaded in the editor: every object of it lives in one folder of the object store
 * (articles/<owner>/<id>/), one per width and format. The row says whose it is, so only they can delete it.
 */
export const media = articlesSchema.table(
  'media',
  {
    id: uuid('id').primaryKey(),
    ownerUid: uuid('owner_uid').notNull(),
    /** articles/<owner>/<id>/: the prefix of every object of the image. */
    folder: text('folder').notNull().unique(),
    /** The largest variant in the original format: what the upload answered and what the editor refers to. */
    key: text('key').notNull(),
    /** image/jpeg or image/png (EDITOR_IMAGE_TYPES). */
    type: text('type').$type<`image/${EditorImageFormat}`>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Every stored object (each width in the original format, WebP and AVIF). */
    keys: text('keys').array().notNull(),
    /** The size of the file as uploaded, in bytes (null for an image uploaded before it was recorded). */
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerUid, t.createdAt),
    check('media_type_known', oneOf('type', EDITOR_IMAGE_TYPES)),
  ],
);

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
