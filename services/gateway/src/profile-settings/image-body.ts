import { AppError, type ErrorCode } from '@pencraft/errors';
import { EDITOR_IMAGE_MAX_BYTES, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import { Transform } from 'node:stream';

interface Upload {
  method: 'PUT' | 'POST';
  /** The code a too large body answers. */
  code: ErrorCode;
  maxBytes: number;
}

/** The upload routes: their method, the code a too large body answers and their size limit. */
export const PICTURE_UPLOADS: Readonly<Record<string, Upload>> = {
  '/api/me/settings/profile/picture': { method: 'PUT', code: 'InvalidAvatarSize', maxBytes: PICTURE_MAX_BYTES },
  '/api/me/settings/profile/banner': { method: 'PUT', code: 'InvalidCoverSize', maxBytes: PICTURE_MAX_BYTES },
  '/api/profile/img': { method: 'PUT', code: 'InvalidAvatarSize', maxBytes: PICTURE_MAX_BYTES },
  // A publication's logo and cover (SPEC.md section 9: 3 MB for publication images too).
  '/api/core-publications/:id/studio/logo': { method: 'PUT', code: 'InvalidAvatarSize', maxBytes: PICTURE_MAX_BYTES },
  '/api/core-publications/:id/studio/cover': { method: 'PUT', code: 'InvalidCoverSize', maxBytes: PICTURE_MAX_BYTES },
  // The editor's images (SPEC.md section 9: 2 MB).
  '/api/publication/f': { method: 'POST', code: 'InvalidImageSize', maxBytes: EDITOR_IMAGE_MAX_BYTES },
};

/**
 * A body larger than a picture may be is refused before it is read: at once when its declared length says so,
 * else as soon as the bytes received pass the limit (a chunked upload).
 */
export function limitPictureBody(code: ErrorCode, maxBytes = PICTURE_MAX_BYTES): preParsingAsyncHookHandler {
  return async function limitPicture(request, _reply, payload) {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw new AppError(code);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received > maxBytes) next(new AppError(code));
        else next(null, chunk);
      },
    });
    return payload.pipe(counter);
  };
}

/**
 * JPEG and PNG bodies reach the handler as bytes (what the file is, is decided from its content by the service that
 * stores it), at most PICTURE_MAX_BYTES; the upload routes get the early size check. Other image types and
 * application/octet-stream arrive as bytes too, so an upload of a GIF or WebP is refused with the route's format code
 * rather than a bare 415.
 */
export function installImageBody(fastify: FastifyInstance) {
  const asBytes = { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES } as const;
  const parse = (_request: unknown, body: string | Buffer, done: (error: null, body: Buffer | string) => void) =>
    done(null, body);
  fastify.addContentTypeParser([...PICTURE_TYPES, 'application/octet-stream'], asBytes, parse);
  fastify.addContentTypeParser(/^image\/[a-z0-9.+-]+$/, asBytes, parse);
  fastify.addHook('onRoute', (route) => {
    const upload = PICTURE_UPLOADS[route.url ?? route.path];
    if (!upload || [route.method].flat().every((method) => method !== upload.method)) return;
    route.preParsing = [...[route.preParsing ?? []].flat(), limitPictureBody(upload.code, upload.maxBytes)];
  });
}
