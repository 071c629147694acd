import { EDITOR_IMAGE_TYPES } from '@pencraft/rules';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const UploadedImageUse = z
  .object({
    kind: z.enum(['draft', 'article']),
    id: z.string().meta({ description: 'The draft id (/api/drafts/{id}) or the article id (/api/articles/{id})' }),
    title: z.string().meta({ description: "Its title as written (a new draft's may be empty)" }),
  })
  .meta({ id: 'UploadedImageUse' });

export const UploadedImage = z
  .object({
    key: z
      .string()
      .meta({ description: 'The largest variant in the original format: DELETE /api/publication/f takes it' }),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    type: z.enum(EDITOR_IMAGE_TYPES),
    thumbnail: z
      .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
      .meta({ description: 'The narrowest variant (640 px wide, or the image itself when smaller)' }),
    bytes: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The file as uploaded, in bytes; null for an image uploaded before sizes were recorded' }),
    uploadedAt: z.iso.datetime(),
    uses: UploadedImageUse.array().meta({
      description:
        'The drafts and articles of the signed-in user (their own and those they co-author; an edit waiting or kept ' +
        'counts as its article) whose cover or content uses it; empty: unused by them',
    }),
  })
  .meta({ id: 'UploadedImage' });

export const UploadsLogQuery = z.object({
  cursor: z
    .string()
    .regex(/^[0-9]{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    .optional()
    .meta({
      description:
        'The nextCursor of the page before (as it was written: anything else is InvalidPage); absent for the first page',
    }),
});

export const UploadsLogPage = z
  .object({
    items: UploadedImage.array().meta({ description: 'Newest first, 20 a page' }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts; null on the last page' }),
  })
  .meta({ id: 'UploadsLogPage' });

export const uploadsLogRoute = defineRoute({
  operationId: 'listUploadedImages',
  method: 'GET',
  path: '/api/ttin/logs/img',
  tag: 'media',
  summary:
    "The signed-in user's uploads log: their editor images newest first, each with its thumbnail, size, dimensions, " +
    "upload time and where they use it. Only the caller's own images (there is no id to ask for another's); an " +
    'unused one is deleted with DELETE /api/publication/f?key=. Profile pictures, banners and publication logos and ' +
    'covers are not listed: only the current one of each is kept',
  query: UploadsLogQuery,
  response: UploadsLogPage,
  auth: 'required',
  fieldCodes: { cursor: 'InvalidPage' },
  errors: ['InvalidPage'],
});
