import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Input } from '../http/input.js';
import { declaredRoutes, Route, type RouteInput } from '../http/route.js';
import { DOCS_ASSETS, docsAssetRoute, docsPageRoute, docsScriptRoute, openApiRoute } from './docs.routes.js';
import { openApiJson } from './openapi.js';

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
@Controller()
export class DocsController {
  private document?: string;
  private readonly assetsDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  @Route(docsPageRoute)
  page(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.type('text/html; charset=utf-8');
    return PAGE;
  }

  @Route(openApiRoute)
  openapi(@Res({ passthrough: true }) reply: FastifyReply) {
    // Built on first request: by then every module has declared its routes.
    this.document ??= openApiJson(declaredRoutes());
    reply.type('application/json; charset=utf-8');
    return this.document;
  }

  @Route(docsScriptRoute)
  init(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.type('text/javascript; charset=utf-8');
    return INIT;
  }

  @Route(docsAssetRoute)
  async asset(@Input() { params }: RouteInput<typeof docsAssetRoute>, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.type(`${DOCS_ASSETS[params.file]}; charset=utf-8`).header('cache-control', docsAssetRoute.cacheControl);
    return readFile(join(this.assetsDir, params.file));
  }
}
