import { Controller, Inject, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './editor-images.routes.js';
import { ARTICLES_MEDIA, type ArticlesMediaClient } from './media.upstream.js';
import { editorImageFormats } from '@pencraft/contracts/enums/articles';

/** Upload: a gRPC deadline long enough for nine encodes of a 2 MB image on a busy machine. */
const UPLOAD_TIMEOUT_MS = 30_000;

/** POST and DELETE /api/publication/f: the editor's images, kept by the articles service. */
@Controller()
export class EditorImagesController {
  constructor(@Inject(ARTICLES_MEDIA) private readonly media: ArticlesMediaClient) {}

  /** The body is the file's bytes (the image body parser); anything else is not an image. */
  @Route(routes.uploadEditorImageRoute)
  async upload(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('InvalidImageFormat');
    const image = await this.media.uploadImage(
      { uid: user.uid, image: request.body },
      { timeoutMs: UPLOAD_TIMEOUT_MS },
    );
    return { ...image, type: `image/${editorImageFormats.require(image.type, 'type')}` as const };
  }

  @Route(routes.deleteEditorImageRoute)
  async remove(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.deleteEditorImageRoute>) {
    await this.media.deleteImage({ uid: user.uid, key: query.key });
  }
}
