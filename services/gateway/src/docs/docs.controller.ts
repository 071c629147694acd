import { Controller, Inject } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Input } from '../http/input.js';
import { declaredRoutes, Route, type RouteInput, type TypedAnswer } from '../http/route.js';
import type { GatewayConfig } from '../config.js';
import { keycloakPublicUrl } from '../staff/staff.config.js';
import {
  DOCS_ASSETS,
  docsAssetRoute,
  docsPageRoute,
  docsScriptRoute,
  openApiRoute,
  partnerOpenApiRoute,
} from './docs.routes.js';
import { openApiJson, partnerOpenApiJson, partnerTokenUrl } from './openapi.js';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pencraft API</title><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

// Both documents, chosen in the page's top bar: the site's API and the partner surface.
const INIT = `window.ui = SwaggerUIBundle({
  urls: [
    { url: '/api/docs/openapi.json', name: 'Pencraft API' },
    { url: '/api/v1/openapi.json', name: 'Partner API v1' },
  ],
  dom_id: '#docs',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});`;

/**
 * /api/docs: the OpenAPI documents (the site's, and the partner surface's at /api/v1/openapi.json) and a Swagger UI
 * page for both (no inline script, so the CSP holds).
 */
@Controller()
export class DocsController {
  private document?: string;
  private partnerDocument?: string;
  private readonly assetsDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {}

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

  @Route(partnerOpenApiRoute)
  partnerOpenapi() {
    // The committed document names production's token endpoint; this one names this deployment's Keycloak.
    this.partnerDocument ??= partnerOpenApiJson(
      declaredRoutes(),
      partnerTokenUrl(keycloakPublicUrl(this.config), this.config.KEYCLOAK_REALM),
    );
    return this.partnerDocument;
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
