import type { DomainEvent } from '../../shared/decider';

export interface MarketplaceSettings {
  /** New users start as pendingApproval until an operator approves them. */
  requireUserApproval: boolean;
  /** New listings start as pendingApproval until an operator approves them. */
  requireListingApproval: boolean;
}

export const DEFAULT_SETTINGS: MarketplaceSettings = { requireUserApproval: false, requireListingApproval: false };

export type MarketplaceEvent =
  | DomainEvent<'marketplace/created', { marketplaceId: string; name: string; settings: MarketplaceSettings; createdAt: string }>
  | DomainEvent<'marketplace/updated', { name?: string; settings?: Partial<MarketplaceSettings> }>;

export type ApiClientKind = 'marketplace' | 'integration';

export type ApiClientEvent =
  | DomainEvent<
      'api-client/created',
      { clientId: string; marketplaceId: string; kind: ApiClientKind; name: string; secretHash: string; createdAt: string }
    >
  | DomainEvent<'api-client/secret-rotated', { secretHash: string }>
  | DomainEvent<'api-client/revoked', { revokedAt: string }>;
