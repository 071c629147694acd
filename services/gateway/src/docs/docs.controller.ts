import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ArticlesController } from '../articles/articles.controller.js';
import { AuthController } from '../auth/auth.controller.js';
import type { GatewayConfig } from '../config.js';
import { SearchController } from '../search/search.controller.js';
import { buildOpenApi } from './openapi.js';

export const DOCUMENTED_CONTROLLERS = [AuthController, ArticlesController, SearchController];

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pencraft API</title><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true });`;

/** /api/docs: the OpenAPI document and a Swagger UI page for it (no inline script, so the CSP holds). */
@Controller('api/docs')
export class DocsController {
  private readonly document: string;
  private readonly assetsDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.document = JSON.stringify(
      buildOpenApi(DOCUMENTED_CONTROLLERS, { version: '1', serverUrl: config.PUBLIC_ORIGIN }),
    );
  }

  @Get()
  page(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.type('text/html; charset=utf-8');
    return PAGE;
  }

  @Get('openapi.json')
  openapi(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.type('application/json; charset=utf-8');
    return this.document;
  }

  @Get('init.js')
  init(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.type('text/javascript; charset=utf-8');
    return INIT;
  }

  @Get('assets/:file')
  async asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = ASSETS[file];
    if (!type) throw new NotFoundException();
    reply.type(type).header('cache-control', 'public, max-age=86400');
    return readFile(join(this.assetsDir, file));
  }
}
