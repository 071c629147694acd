import { z } from 'zod';
import { defineRoute } from '../http/route.js';

export const docsPageRoute = defineRoute({
  operationId: 'getDocsPage',
  method: 'GET',
  path: '/api/docs',
  tag: 'docs',
  summary: 'The API reference: this document and the partner surface document (/api/v1/openapi.json) in Swagger UI',
  response: z.string(),
  responseType: 'text/html',
});

export const openApiRoute = defineRoute({
  operationId: 'getOpenApiDocument',
  method: 'GET',
  path: '/api/docs/openapi.json',
  tag: 'docs',
  summary: 'This document',
  response: z.record(z.string(), z.unknown()),
});

export const partnerOpenApiRoute = defineRoute({
  operationId: 'getPartnerOpenApiDocument',
  method: 'GET',
  path: '/api/v1/openapi.json',
  tag: 'docs',
  summary: 'This document (the partner surface, version 1)',
  response: z.record(z.string(), z.unknown()),
});

export const docsScriptRoute = defineRoute({
  operationId: 'getDocsScript',
  method: 'GET',
  path: '/api/docs/init.js',
  tag: 'docs',
  summary: 'The script that starts the Swagger UI page',
  response: z.string(),
  responseType: 'text/javascript',
});

export const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'swagger-ui-standalone-preset.js': 'text/javascript',
} as const;

export const docsAssetRoute = defineRoute({
  operationId: 'getDocsAsset',
  method: 'GET',
  path: '/api/docs/assets/:file',
  tag: 'docs',
  summary: 'A file of the Swagger UI page (cached for a day)',
  params: z.object({ file: z.enum(Object.keys(DOCS_ASSETS) as [keyof typeof DOCS_ASSETS]) }),
  fieldCodes: { file: 'NotFound' },
  response: z.string(),
  responseType: ['text/css', 'text/javascript'],
  cacheControl: 'public, max-age=86400',
});
