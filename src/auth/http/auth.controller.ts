import { Body, Controller, Get, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuthAttemptLimits } from '../../http/auth-limits';
import { Describe } from '../../http/openapi/describe.decorator';
import { AUTH_WITH_IDP_OPERATION, REVOKE_OPERATION, TOKEN_DETAILS_OPERATION, TOKEN_OPERATION } from './auth.openapi';
import { ApiError, apiError, missingKey } from '../../shared/api-error';
import { AccessTokens } from '../access-tokens';
import { isUserScope } from '../auth-context';
import { Sessions } from '../sessions';
import { TokenForm, TokenGrants } from '../token-grants';

/** Form fields as strings; anything else in a form body is malformed. */
const formOf = (body: unknown): TokenForm => {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw apiError(400, 'bad-request', 'The body must be form-encoded.');
  const form: TokenForm = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw apiError(400, 'validation-invalid-value', `${key} must be a single string.`, { source: { path: [key], type: 'body' } });
    form[key] = value;
  }
  return form;
};


/** The Authentication API: form-encoded requests, JSON answers. */
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly grants: TokenGrants,
    private readonly sessions: Sessions,
    private readonly tokens: AccessTokens,
    private readonly limits: AuthAttemptLimits,
  ) {}

  @Post('token')
  @Describe(TOKEN_OPERATION)
  @HttpCode(200)
  token(@Body() body: unknown, @Ip() ip: string) {
    const form = formOf(body);
    return form.grant_type === 'password' ? this.passwordGrant(form, ip) : this.grants.grant(form);
  }

  /** Password guessing is limited per account and per client address (AUTH_LIMITS): only wrong credentials count. */
  private passwordGrant(form: TokenForm, ip: string) {
    const keys = { account: `${form.client_id ?? ''}:${(form.username ?? '').trim().toLowerCase()}`, address: ip };
    return this.limits.passwordAttempt(keys, () => this.grants.grant(form), (error) => error instanceof ApiError && error.code === 'invalid-grant');
  }

  @Post('auth_with_idp')
  @Describe(AUTH_WITH_IDP_OPERATION)
  @HttpCode(200)
  authWithIdp(@Body() body: unknown) {
    return this.grants.withIdentityProvider(formOf(body));
  }

  /** Always `{revoked: true}`; an expired access token is 401 so the SDK refreshes and retries the logout. */
  @Post('revoke')
  @Describe(REVOKE_OPERATION)
  @HttpCode(200)
  async revoke(@Body() body: unknown, @Headers('authorization') authorization?: string) {
    const form = formOf(body);
    if (authorization) await this.tokens.verifyHeader(authorization, randomUUID());
    if (!form.token) throw missingKey(['token'], 'body', 'token is required.');
    await this.sessions.revoke(form.token, null);
    return { revoked: true };
  }

  @Get('token')
  @Describe(TOKEN_DETAILS_OPERATION)
  async details(@Headers('authorization') authorization?: string) {
    const auth = await this.tokens.verifyHeader(authorization, randomUUID());
    await this.grants.requireLiveUser(auth);
    return {
      'client-id': auth.clientId,
      scope: auth.scope,
      exp: auth.exp,
      'marketplace-id': auth.marketplaceId,
      ...(auth.userId ? { 'user-id': auth.userId } : {}),
      ...(isUserScope(auth.scope) ? { 'user-roles': ['user.role/customer', 'user.role/provider'] } : {}),
    };
  }
}
