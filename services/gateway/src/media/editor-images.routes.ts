import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_TYPES } from '@pencraft/rules';
import { isValidObjectKey } from '@pencraft/kit';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const TAG = 'media';

const Variant = z
  .object({
    key: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'EditorImageVariant' });

export const EditorImage = z
  .object({
    key: z.string().meta({ description: 'The largest variant in the original format (what DELETE takes)' }),
    url: z
      .string()
      .meta({ description: 'Where it is served: /media/<key> (AVIF or WebP when the browser accepts them)' }),
    width: z.number().int(),
    height: z.number().int(),
    type: z.enum(EDITOR_IMAGE_TYPES),
    variants: Variant.array().meta({ description: 'Every width, smallest first (for srcset)' }),
  })
  .meta({ id: 'EditorImage' });

export const EditorImageQuery = z.object({
  key: z
    .string()
    .max(512)
    .refine(isValidObjectKey)
    .meta({ description: 'The key of an uploaded image (or of any of its variants)' }),
});

export const uploadEditorImageRoute = defineRoute({
  operationId: 'uploadEditorImage',
  method: 'POST',
  path: '/api/publication/f',
  tag: TAG,
  summary:
    'Upload an image for the editor: stored at 640, 1280 and 1920 px wide (never enlarged) in its own format, WebP ' +
    'and AVIF, without metadata. A writer uploads at most 30 images in 10 minutes (TooManyRequests) and keeps at ' +
    'most 200 (ImageQuotaExceeded); an image no draft or article refers to is deleted a day after its upload',
  binaryBody: {
    types: [...EDITOR_IMAGE_TYPES, 'application/octet-stream'],
    maxBytes: EDITOR_IMAGE_MAX_BYTES,
    description:
      'The image file itself (JPEG or PNG, at most 2 MB and 24 megapixels), as the raw body: judged by its content, ' +
      'not its declared type; a larger body is refused before it is read, a larger canvas before it is decoded.',
  },
  response: EditorImage,
  status: 201,
  auth: 'confirmed',
  errors: ['InvalidImageFormat', 'InvalidImageSize', 'ImageQuotaExceeded'],
});

export const deleteEditorImageRoute = defineRoute({
  operationId: 'deleteEditorImage',
  method: 'DELETE',
  path: '/api/publication/f',
  tag: TAG,
  summary: "Delete one of the signed-in user's editor images and all of its variants (anyone else's is NotFound)",
  query: EditorImageQuery,
  status: 204,
  auth: 'required',
  errors: ['NotFound'],
});
