import { AppError, type ErrorCode } from '@pencraft/errors';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '@pencraft/rules';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import { Transform } from 'node:stream';

/** The upload routes and the code a too large body answers on each. */
export const PICTURE_UPLOADS: Readonly<Record<string, ErrorCode>> = {
  '/api/me/settings/profile/picture': 'InvalidAvatarSize',
  '/api/me/settings/profile/banner': 'InvalidCoverSize',
  '/api/profile/img': 'InvalidAvatarSize',
};

/**
 * A body larger than a picture may be is refused before it is read: at once when its declared length says so,
 * else as soon as the bytes received pass the limit (a chunked upload).
 */
export function limitPictureBody(code: ErrorCode): preParsingAsyncHookHandler {
  return async function limitPicture(request, _reply, payload) {
    if (Number(request.headers['content-length'] ?? 0) > PICTURE_MAX_BYTES) throw new AppError(code);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received > PICTURE_MAX_BYTES) next(new AppError(code));
        else next(null, chunk);
      },
    });
    return payload.pipe(counter);
  };
}

/**
 * JPEG and PNG bodies reach the handler as bytes (what the file is, is decided from its content by identity), at
 * most PICTURE_MAX_BYTES; the upload routes get the early size check.
 */
export function installImageBody(fastify: FastifyInstance) {
  fastify.addContentTypeParser(
    [...PICTURE_TYPES],
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  fastify.addHook('onRoute', (route) => {
    const code = PICTURE_UPLOADS[route.url ?? route.path];
    if (!code || [route.method].flat().every((method) => method !== 'PUT')) return;
    route.preParsing = [...[route.preParsing ?? []].flat(), limitPictureBody(code)];
  });
}
