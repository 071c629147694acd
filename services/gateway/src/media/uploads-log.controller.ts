import { Controller, Inject } from '@nestjs/common';
import type { ListImagesResponse } from '@pencraft/contracts/articles/v1/media';
import { editorImageFormats } from '@pencraft/contracts/enums/articles';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { z } from 'zod';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { ARTICLES_MEDIA, type ArticlesMediaClient } from './media.upstream.js';
import * as routes from './uploads-log.routes.js';

/** The articles service's page as the API writes it. */
export function uploadsLogJson(page: ListImagesResponse): z.infer<typeof routes.UploadsLogPage> {
  return {
    items: page.images.map((image) => ({
      key: image.key,
      url: image.url,
      width: image.width,
      height: image.height,
      type: `image/${editorImageFormats.require(image.type, 'type')}` as const,
      thumbnail: {
        url: image.thumbnail?.url ?? image.url,
        width: image.thumbnail?.width ?? image.width,
        height: image.thumbnail?.height ?? image.height,
      },
      bytes: image.bytes ?? null,
      uploadedAt: new Date(image.uploadedAtMs).toISOString(),
      uses: image.uses.map((use) =>
        use.draftId
          ? { kind: 'draft' as const, id: use.draftId, title: use.title }
          : { kind: 'article' as const, id: use.articleId, title: use.title },
      ),
    })),
    nextCursor: page.nextCursor || null,
  };
}

/** GET /api/ttin/logs/img: the signed-in user's uploads log, kept by the articles service. */
@Controller()
export class UploadsLogController {
  constructor(@Inject(ARTICLES_MEDIA) private readonly media: ArticlesMediaClient) {}

  @Route(routes.uploadsLogRoute)
  async list(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.uploadsLogRoute>) {
    return uploadsLogJson(await this.media.listImages({ uid: user.uid, cursor: query.cursor ?? '' }));
  }
}
