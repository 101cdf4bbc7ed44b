import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../shared/clock';
import { ApiClientDirectory } from '../marketplaces/api-client-directory';
import { authApiContext } from '../shared/command-context';
import type { ApiClientState } from '../marketplaces/domain/api-client.decider';
import { apiError, missingKey } from '../shared/api-error';
import { IdentityProviders } from '../marketplaces/identity-providers';
import { IdentityLinks } from '../users/identity-links';
import { UserCredentials } from '../users/user-credentials';
import { AccessTokens } from './access-tokens';
import { type AuthContext, isUserScope, type Scope } from './auth-context';
import { Sessions } from './sessions';

export type TokenForm = Record<string, string | undefined>;

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: Scope;
  refresh_token?: string;
}

const requireFields = (form: TokenForm, ...keys: string[]): void => {
  for (const key of keys) if (!form[key]) throw missingKey([key], 'body', `${key} is required.`);
};

const invalidClient = () => apiError(401, 'invalid-client', 'Unknown client or wrong client secret.');
const invalidGrant = (details: string) => apiError(401, 'invalid-grant', details);
const checkScope = (form: TokenForm, allowed: Scope) => {
  if (form.scope !== undefined && form.scope !== '' && form.scope !== allowed)
    throw apiError(400, 'invalid-scope', `scope must be ${allowed} for this grant.`, { source: { path: ['scope'], type: 'body' } });
};

/**
 * The grants of POST /v1/auth/token. Statuses follow what the SDKs need (sdk-wire-contract §4.7): 400 for a
 * malformed request, 401 for any bad credential (client, password, refresh token, subject token).
 */
@Injectable()
export class TokenGrants {
  constructor(
    private readonly clients: ApiClientDirectory,
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    private readonly credentials: UserCredentials,
    private readonly identityProviders: IdentityProviders,
    private readonly identityLinks: IdentityLinks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * POST /v1/auth/auth_with_idp: a user token when the ID token verifies and its provider account is linked to a
   * user, or its verified email is a user's verified email. Otherwise 401, and the client may sign the user up
   * with current_user/create_with_idp.
   */
  async withIdentityProvider(form: TokenForm): Promise<TokenResponse> {
    requireFields(form, 'client_id', 'client_secret', 'idp_id', 'idp_client_id', 'idp_token');
    const client = await this.marketplaceClient(form);
    const marketplaceId = client.marketplaceId!;
    const identity = await this.identityProviders.verify(marketplaceId, form.idp_id!, form.idp_client_id!, form.idp_token!, (key) => [
      key === 'idpId' ? 'idp_id' : 'idp_client_id',
    ]);
    const ctx = authApiContext({ marketplaceId, clientId: client.clientId, userId: null, requestId: null, now: this.clock.now() });
    const userId = await this.identityLinks.userFor(ctx, identity);
    if (!userId || !(await this.credentials.isUsable(marketplaceId, userId)))
      throw invalidGrant('No user matches this identity provider account.');
    const userEpoch = await this.credentials.sessionEpoch(marketplaceId, userId);
    const { refreshToken, sessionId } = await this.sessions.start({ marketplaceId, clientId: client.clientId!, userId, userEpoch, scope: 'user', requestId: null });
    return this.respond(client, 'user', userId, sessionId, refreshToken);
  }

  async grant(form: TokenForm): Promise<TokenResponse> {
    requireFields(form, 'grant_type', 'client_id');
    switch (form.grant_type) {
      case 'client_credentials':
        return this.clientCredentials(form);
      case 'password':
        return this.password(form);
      case 'refresh_token':
        return this.refresh(form);
      case 'token_exchange':
        return this.exchange(form);
      default:
        throw apiError(400, 'unsupported-grant-type', `grant_type ${form.grant_type} is not supported.`, {
          source: { path: ['grant_type'], type: 'body' },
        });
    }
  }

  private async clientCredentials(form: TokenForm): Promise<TokenResponse> {
    const client = await this.clients.authenticate(form.client_id!, form.client_secret);
    if (!client) throw invalidClient();
    if (client.kind === 'marketplace') {
      checkScope(form, 'public-read');
      return this.respond(client, 'public-read', null, null);
    }
    requireFields(form, 'client_secret');
    checkScope(form, 'integ');
    const { refreshToken, sessionId } = await this.sessions.start({ marketplaceId: client.marketplaceId!, clientId: client.clientId!, userId: null, scope: 'integ', requestId: null });
    return this.respond(client, 'integ', null, sessionId, refreshToken);
  }

  private async password(form: TokenForm): Promise<TokenResponse> {
    requireFields(form, 'username', 'password');
    checkScope(form, 'user');
    const client = await this.marketplaceClient(form);
    const user = await this.credentials.verify(client.marketplaceId!, form.username!, form.password!);
    if (!user) throw invalidGrant('Wrong username or password.');
    if (user.state === 'banned') throw apiError(403, 'user-is-banned', 'The user is banned from the marketplace.');
    const { refreshToken, sessionId } = await this.sessions.start({
      marketplaceId: client.marketplaceId!,
      clientId: client.clientId!,
      userId: user.id,
      userEpoch: user.sessionEpoch ?? 0,
      scope: 'user',
      requestId: null,
    });
    return this.respond(client, 'user', user.id, sessionId, refreshToken);
  }

  /** No rotation: the same refresh token keeps working, so concurrent refreshes all succeed. */
  private async refresh(form: TokenForm): Promise<TokenResponse> {
    requireFields(form, 'refresh_token');
    // A public client refreshes without its secret; a secret that is given must be the right one.
    const client = await this.clients.authenticate(form.client_id!, form.client_secret);
    if (!client) throw invalidClient();
    const session = await this.sessions.findUsable(form.refresh_token!);
    if (!session || session.state.clientId !== client.clientId || session.marketplaceId !== client.marketplaceId)
      throw invalidGrant('The refresh token is not valid.');
    // A deleted or banned user's sessions end with the account; a password change or reset ends the other sessions.
    if (session.state.userId && !(await this.credentials.acceptsSession(session.marketplaceId, session.state.userId, session.state)))
      throw invalidGrant('The user of this refresh token no longer has access.');
    const scope = session.state.scope!;
    return this.respond(client, scope, session.state.userId, session.state.sessionId, form.refresh_token);
  }

  /** A user token exchanged with the application's secret for a trusted:user token (privileged transitions). */
  private async exchange(form: TokenForm): Promise<TokenResponse> {
    requireFields(form, 'client_secret', 'subject_token');
    checkScope(form, 'trusted:user');
    const client = await this.marketplaceClient(form);
    const subject = await this.tokens.verify(form.subject_token!, randomUUID()).catch(() => null);
    if (!subject || subject.scope !== 'user' || subject.clientId !== client.clientId)
      throw invalidGrant('subject_token must be a valid user access token of the same client.');
    // The access token outlives its session by up to its lifetime: a logout, a password change or reset, a
    // deletion or a ban must not be answered with a fresh trusted token.
    const session = subject.sessionId ? await this.sessions.findUsableById(subject.marketplaceId, subject.sessionId) : null;
    if (!session || session.userId !== subject.userId || !(await this.credentials.acceptsSession(subject.marketplaceId, subject.userId!, session)))
      throw invalidGrant('The session of subject_token has ended.');
    return this.respond(client, 'trusted:user', subject.userId, subject.sessionId);
  }

  /** GET /v1/auth/token: a user token whose user is deleted or banned, or whose session ended, is 401 as on the data APIs. */
  async requireLiveUser(auth: AuthContext): Promise<void> {
    if (!isUserScope(auth.scope) || !auth.userId) return;
    const session = auth.sessionId ? await this.sessions.findUsableById(auth.marketplaceId, auth.sessionId) : null;
    if (!session || !(await this.credentials.acceptsSession(auth.marketplaceId, auth.userId, session)))
      throw apiError(401, 'auth-invalid-access-token', 'The user of this token no longer has access.');
  }

  private async marketplaceClient(form: TokenForm): Promise<ApiClientState> {
    const client = await this.clients.authenticate(form.client_id!, form.client_secret);
    if (!client || client.kind !== 'marketplace') throw invalidClient();
    return client;
  }

  private async respond(client: ApiClientState, scope: Scope, userId: string | null, sessionId: string | null, refreshToken?: string): Promise<TokenResponse> {
    const { token, expiresIn } = await this.tokens.issue({ marketplaceId: client.marketplaceId!, clientId: client.clientId!, scope, userId, sessionId });
    return { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope, ...(refreshToken ? { refresh_token: refreshToken } : {}) };
  }
}
