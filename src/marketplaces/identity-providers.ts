import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, JWTVerifyGetKey } from 'jose';
import { CLOCK, type Clock } from '../shared/clock';
import { apiError } from '../shared/api-error';
import { MarketplaceDirectory } from './marketplace-directory';

/** What a verified ID token says about its user. */
export interface IdpIdentity {
  idpId: string;
  /** The user's id at the provider (`sub`). */
  subject: string;
  email: string | null;
  /** Only a boolean `true` counts (some providers send strings). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

const invalidToken = (details: string) => apiError(401, 'invalid-grant', details);

/**
 * Verifies identity-provider ID tokens (OpenID Connect, RS256) against the keys the provider publishes:
 * signature, issuer, audience (the configured client ids) and expiry, with jose. Key sets are cached by URL.
 */
@Injectable()
export class IdentityProviders {
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async verify(marketplaceId: string, idpId: string, idpClientId: string, idpToken: string, path: (key: string) => string[]): Promise<IdpIdentity> {
    const { identityProviders } = await this.marketplaces.state(marketplaceId);
    // Own keys only: `valueOf`, `constructor`… name Object.prototype's members, not providers (the fuzzer's find).
    const config = Object.hasOwn(identityProviders, idpId) ? identityProviders[idpId] : undefined;
    if (!config) throw apiError(400, 'validation-invalid-value', `No identity provider ${idpId} is configured.`, { source: { path: path('idpId'), type: 'body' } });
    if (!config.clientIds.includes(idpClientId))
      throw apiError(400, 'validation-invalid-value', 'The identity provider client id is not configured.', { source: { path: path('idpClientId'), type: 'body' } });
    const keys = await this.keySet(config.jwksUri ?? (await this.discoverJwksUri(config.issuer)));
    try {
      const { payload } = await jwtVerify(idpToken, keys, {
        issuer: config.issuer,
        audience: idpClientId,
        algorithms: ['RS256'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject');
      const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      return {
        idpId,
        subject: payload.sub,
        email: str(payload.email),
        emailVerified: payload.email_verified === true,
        givenName: str(payload.given_name),
        familyName: str(payload.family_name),
      };
    } catch {
      throw invalidToken('The identity provider token could not be verified.');
    }
  }

  private async keySet(uri: string): Promise<JWTVerifyGetKey> {
    let keys = this.keySets.get(uri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(uri));
      this.keySets.set(uri, keys);
    }
    return keys;
  }

  private async discoverJwksUri(issuer: string): Promise<string> {
    try {
      const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
      const document = (await res.json()) as { jwks_uri?: string };
      if (!res.ok || typeof document.jwks_uri !== 'string') throw new Error('no jwks_uri');
      return document.jwks_uri;
    } catch {
      throw apiError(502, 'identity-provider-unavailable', 'The identity provider could not be reached.');
    }
  }
}
