import { defineRoute } from '../http/route.js';
import {
  CreatePartnerClientBody,
  PartnerClientIdParams,
  PartnerClientJson,
  PartnerClientList,
  PartnerClientSecretJson,
  UpdatePartnerClientBody,
} from './partner-clients.dto.js';

// Partner clients (issue #18): organisations' OAuth2 client-credentials clients, made, scoped, rotated and revoked
// by an admin from the staff console; identity keeps the registry and calls Keycloak's admin API.

const TAG = 'partner-clients';
const FIELD_CODES = {
  name: 'InvalidModel',
  scopes: 'InvalidModel',
  origins: 'InvalidModel',
  rateLimitPerMinute: 'InvalidModel',
  dailyQuota: 'InvalidModel',
} as const;

export const listPartnerClientsRoute = defineRoute({
  operationId: 'listPartnerClients',
  method: 'GET',
  path: '/api/staff/partners',
  tag: TAG,
  summary: 'Every partner client, newest first, revoked ones too (staff: admin)',
  response: PartnerClientList,
  auth: 'staff',
  staffRole: 'admin',
});

export const createPartnerClientRoute = defineRoute({
  operationId: 'createPartnerClient',
  method: 'POST',
  path: '/api/staff/partners',
  tag: TAG,
  summary:
    'Register a partner client: a confidential Keycloak client (client credentials only, the API audience) with ' +
    'its scopes, CORS origins and limits. Answers the client secret, shown this once. InvalidModel names each bad ' +
    'field in details; NameExists for a name already used; OperationFailed when Keycloak cannot be reached (staff: admin)',
  body: CreatePartnerClientBody,
  response: PartnerClientSecretJson,
  status: 201,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: FIELD_CODES,
  errors: ['InvalidModel', 'NameExists', 'OperationFailed'],
});

export const getPartnerClientRoute = defineRoute({
  operationId: 'getPartnerClient',
  method: 'GET',
  path: '/api/staff/partners/:id',
  tag: TAG,
  summary: 'One partner client (staff: admin)',
  params: PartnerClientIdParams,
  response: PartnerClientJson,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const updatePartnerClientRoute = defineRoute({
  operationId: 'updatePartnerClient',
  method: 'PATCH',
  path: '/api/staff/partners/:id',
  tag: TAG,
  summary:
    "Change a client's scopes, origins or limits (the gateway applies them within a minute). A revoked client is " +
    'OperationFailed (staff: admin)',
  params: PartnerClientIdParams,
  body: UpdatePartnerClientBody,
  response: PartnerClientJson,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound', ...FIELD_CODES },
  errors: ['NotFound', 'InvalidModel', 'OperationFailed'],
});

export const rotatePartnerClientSecretRoute = defineRoute({
  operationId: 'rotatePartnerClientSecret',
  method: 'POST',
  path: '/api/staff/partners/:id/secret',
  tag: TAG,
  summary:
    'A new client secret: Keycloak refuses the old one from now on (tokens already issued live until they expire). ' +
    'Answers the secret, shown this once. A revoked client is OperationFailed (staff: admin)',
  params: PartnerClientIdParams,
  response: PartnerClientSecretJson,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound', 'OperationFailed'],
});

export const revokePartnerClientRoute = defineRoute({
  operationId: 'revokePartnerClient',
  method: 'POST',
  path: '/api/staff/partners/:id/revoke',
  tag: TAG,
  summary:
    'Revoke a client (idempotent, final): disabled in Keycloak (no new tokens) and refused by the gateway within a ' +
    'minute, tokens already issued included (staff: admin)',
  params: PartnerClientIdParams,
  response: PartnerClientJson,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound', 'OperationFailed'],
});
