import { answer, ERROR_ANSWERS, type Operation } from '../../http/openapi/describe.decorator';
import { objectOf, string, integer } from '../../http/openapi/resource-schema';

const TAG: Operation['tags'] = ['Authentication API'];
const form = (schema: object) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });

/** The token answer of every grant (OAuth2, JSON). */
const TOKEN = objectOf({ access_token: string, token_type: { const: 'bearer' }, expires_in: integer, scope: string, refresh_token: string }, ['refresh_token']);

const grant = (grantType: string, fields: Record<string, object>, required: string[]) => ({
  type: 'object',
  properties: { grant_type: { const: grantType }, client_id: string, client_secret: string, scope: string, ...fields },
  required: ['grant_type', 'client_id', ...required],
});

export const TOKEN_OPERATION: Operation = {
  tags: TAG,
  summary: 'Issue an access token (OAuth2 grants: client_credentials, password, refresh_token, token_exchange)',
  operationId: 'auth.token',
  requestBody: form({
    oneOf: [
      grant('client_credentials', {}, []),
      grant('password', { username: string, password: string }, ['username', 'password']),
      grant('refresh_token', { refresh_token: string }, ['refresh_token']),
      grant('token_exchange', { subject_token: string }, ['subject_token']),
    ],
  }),
  responses: { '200': answer('The tokens', 'application/json', TOKEN), ...ERROR_ANSWERS },
};

export const AUTH_WITH_IDP_OPERATION: Operation = {
  tags: TAG,
  summary: 'Log in with an identity provider\'s ID token',
  operationId: 'auth.auth_with_idp',
  requestBody: form({ type: 'object', properties: { client_id: string, client_secret: string, idp_id: string, idp_client_id: string, idp_token: string }, required: ['client_id', 'idp_id', 'idp_client_id', 'idp_token'] }),
  responses: { '200': answer('The tokens', 'application/json', TOKEN), ...ERROR_ANSWERS },
};

export const REVOKE_OPERATION: Operation = {
  tags: TAG,
  summary: 'End the session of a refresh token',
  operationId: 'auth.revoke',
  requestBody: form({ type: 'object', properties: { token: string }, required: ['token'] }),
  responses: { '200': answer('Always revoked', 'application/json', objectOf({ revoked: { const: true } })), ...ERROR_ANSWERS },
};

export const TOKEN_DETAILS_OPERATION: Operation = {
  tags: TAG,
  summary: 'What the bearer token is (client, scope, expiry, marketplace, user)',
  operationId: 'auth.token.details',
  security: [{ accessToken: [] }],
  responses: {
    '200': answer(
      'The token\'s details',
      'application/json',
      objectOf({ 'client-id': string, scope: string, exp: integer, 'marketplace-id': string, 'user-id': string, 'user-roles': { type: 'array', items: string } }, ['user-id', 'user-roles']),
    ),
    ...ERROR_ANSWERS,
  },
};
