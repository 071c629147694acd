import { Controller } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Input } from '../http/input.js';
import { declaredRoutes, Route, type RouteInput, type TypedAnswer } from '../http/route.js';
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
  page() {
    return PAGE;
  }

  @Route(openApiRoute)
  openapi() {
    // Built on first request: by then every module has declared its routes.
    this.document ??= openApiJson(declaredRoutes());
    return this.document;
  }

  @Route(docsScriptRoute)
  init() {
    return INIT;
  }

  @Route(docsAssetRoute)
  async asset(@Input() { params }: RouteInput<typeof docsAssetRoute>): Promise<TypedAnswer> {
    return { type: DOCS_ASSETS[params.file], body: await readFile(join(this.assetsDir, params.file)) };
  }
}
