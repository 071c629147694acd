import { Controller, Get, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { AppError } from '@pencraft/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { POLICY, type RoutePolicy } from '../http/route.js';
import { MEDIA_CACHE_CONTROL, MediaService } from './media.service.js';

/** Read-only and public: the general rate limit, no CSRF (GET), no captcha. */
const MEDIA_POLICY: RoutePolicy = { csrf: false, rateLimit: 'api', issuesCsrf: false, captcha: 'never' };

/**
 * GET (and HEAD) /media/<key>: pictures from the object store. Outside /api on purpose: not part of the JSON API nor
 * its OpenAPI document. The route carries the protections' policy, so it spends the rate limit and other methods on
 * /media/* answer 405 like the API's paths. Editor images are answered as AVIF or WebP when the browser accepts them
 * (Vary: Accept).
 */
@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('/media/*')
  @RouteConfig({ [POLICY]: MEDIA_POLICY })
  // The raw reply: not a declared route; each image's bytes go out with its own type, length and Vary by negotiation.
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const key = (request.params as Record<string, string | undefined>)['*'] ?? '';
    const image = await this.media.find(key, request.headers.accept);
    if (!image) throw new AppError('NotFound');
    if (image.negotiated) void reply.header('vary', 'Accept');
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('content-length', image.body.length)
      .send(image.body);
  }
}
