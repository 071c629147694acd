import { defineRoute } from '../http/route.js';
import { DocumentJson, DocumentParams, DocumentQuery } from './document.dto.js';

export const documentRoute = defineRoute({
  operationId: 'getLegalDocument',
  method: 'GET',
  path: '/api/docs/:kind',
  tag: 'documents',
  summary:
    'A document of the site: the user agreement (agreement), the privacy policy (privacy), the payment policy ' +
    '(payment) or the GDPR notice (gdpr), in az, en or ru; the version in force, or the version `uid`. The API ' +
    'reference keeps /api/docs, /api/docs/openapi.json, /api/docs/init.js and /api/docs/assets/*',
  params: DocumentParams,
  query: DocumentQuery,
  fieldCodes: { kind: 'NotFound', uid: 'NotFound' },
  errors: ['NotFound'],
  response: DocumentJson,
  cacheControl: 'public, max-age=3600',
  vary: 'Accept-Language',
});
