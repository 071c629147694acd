import { TOKENS_PER_USER_MAX } from '@pencraft/rules';
import { defineRoute } from '../http/route.js';
import {
  AccessTokenIdParams,
  AccessTokenList,
  CreateAccessTokenBody,
  CreatedAccessToken,
} from './access-tokens.dto.js';

const TAG = 'access tokens';

export const listAccessTokensRoute = defineRoute({
  operationId: 'listAccessTokens',
  method: 'GET',
  path: '/api/ttin/tokens',
  tag: TAG,
  summary:
    "The signed-in user's personal access tokens, newest first, revoked and expired ones too, never the token itself",
  response: AccessTokenList,
  auth: 'required',
  whileBanned: true,
});

export const createAccessTokenRoute = defineRoute({
  operationId: 'createAccessToken',
  method: 'POST',
  path: '/api/ttin/tokens',
  tag: TAG,
  summary:
    'Make a personal access token for your own tools on the partner surface (/api/v1, Authorization: Bearer pcp_...): ' +
    'a name, scopes and an expiry. The answer holds the token once; only its hash is kept. Every bad field is named ' +
    `in details (InvalidModel, NullOrEmpty, InvalidName); more than ${TOKENS_PER_USER_MAX} live tokens is ` +
    'OperationFailed. Logged in the account operation log.',
  body: CreateAccessTokenBody,
  response: CreatedAccessToken,
  status: 201,
  auth: 'required',
  fieldCodes: { name: 'InvalidName' },
  errors: ['InvalidModel', 'NullOrEmpty', 'InvalidName', 'OperationFailed'],
});

export const revokeAccessTokenRoute = defineRoute({
  operationId: 'revokeAccessToken',
  method: 'DELETE',
  path: '/api/ttin/tokens/:id',
  tag: TAG,
  summary:
    'Revoke one of your tokens (idempotent): refused on the partner surface within a minute. Another user’s token ' +
    'or an unknown id is NotFound. Logged in the account operation log.',
  params: AccessTokenIdParams,
  status: 204,
  auth: 'required',
  whileBanned: true,
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});
