import { z } from 'zod';
import { defineRoute } from '../http/route.js';

export const docsPageRoute = defineRoute({
  operationId: 'getDocsPage',
  method: 'GET',
  path: '/api/docs',
  tag: 'docs',
  summary: 'This document as a Swagger UI page',
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

export const docsScriptRoute = defineRoute({
  operationId: 'getDocsScript',
  method: 'GET',
  path: '/api/docs/init.js',
  tag: 'docs',
  summary: 'The script that starts the Swagger UI page',
  response: z.string(),
  responseType: 'text/javascript',
});

export const DOCS_ASSETS = { 'swagger-ui.css': 'text/css', 'swagger-ui-bundle.js': 'text/javascript' } as const;

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
