import type { DomainEvent } from '../../shared/decider';

export interface MarketplaceSettings {
  /** New users start as pendingApproval until an operator approves them. */
  requireUserApproval: boolean;
  /** New listings start as pendingApproval until an operator approves them. */
  requireListingApproval: boolean;
  /** Only users granted the right may post listings (user-level postListings permission applies). */
  requirePermissionToPostListings: boolean;
  /** Only users granted the right may initiate transactions. */
  requirePermissionToInitiateTransactions: boolean;
  /** Private marketplace: only signed-in users may read listings and profiles. */
  private: boolean;
  /** Private marketplace only: users need the read permission too. */
  requirePermissionToRead: boolean;
  /** The front end's address, for links in emails (verification, password reset). */
  url: string | null;
  /** Console > Access control: no file uploads or downloads in this marketplace (those endpoints answer 403). */
  fileUploadAndDownloadDisabled: boolean;
}

export const DEFAULT_SETTINGS: MarketplaceSettings = {
  requireUserApproval: false,
  requireListingApproval: false,
  requirePermissionToPostListings: false,
  requirePermissionToInitiateTransactions: false,
  private: false,
  requirePermissionToRead: false,
  url: null,
  fileUploadAndDownloadDisabled: false,
};

/** An OpenID Connect provider users may log in with (`idpId` is what clients send as idp_id). */
export interface IdentityProviderConfig {
  idpId: string;
  /** The `iss` of its ID tokens; discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** Accepted audiences: the provider client id and any trusted client ids. */
  clientIds: string[];
  /** Where the signing keys are; null: from discovery. */
  jwksUri: string | null;
}

export type MarketplaceEvent =
  | DomainEvent<'marketplace/created', { marketplaceId: string; name: string; settings: MarketplaceSettings; createdAt: string }>
  | DomainEvent<'marketplace/updated', { name?: string; settings?: Partial<MarketplaceSettings> }>
  | DomainEvent<'marketplace/identity-provider-configured', IdentityProviderConfig>
  | DomainEvent<'marketplace/identity-provider-removed', { idpId: string }>;

export type ApiClientKind = 'marketplace' | 'integration';

export type ApiClientEvent =
  | DomainEvent<
      'api-client/created',
      { clientId: string; marketplaceId: string; kind: ApiClientKind; name: string; secretHash: string; createdAt: string }
    >
  | DomainEvent<'api-client/secret-rotated', { secretHash: string }>
  | DomainEvent<'api-client/revoked', { revokedAt: string }>;
