/**
 * Stream names. Every tenant stream starts with its marketplace id, so the log can be filtered per tenant by
 * stream-name prefix (KurrentDB server-side filters) as well as by the marketplaceId column (SQLite).
 */
export const tenantPrefix = (marketplaceId: string): string => `${marketplaceId}:`;

export const streams = {
  marketplace: (marketplaceId: string) => `${marketplaceId}:marketplace`,
  /** Global directory entry: which marketplace an API client belongs to (looked up from the client id alone). */
  apiClient: (clientId: string) => `client:${clientId}`,
  user: (marketplaceId: string, userId: string) => `${marketplaceId}:user-${userId}`,
  /** Uniqueness guard: one stream per (marketplace, lower-cased email). */
  userEmail: (marketplaceId: string, emailHash: string) => `${marketplaceId}:user-email-${emailHash}`,
  /** Uniqueness guard: one stream per (marketplace, identity provider, provider account). */
  userIdentity: (marketplaceId: string, linkHash: string) => `${marketplaceId}:user-idp-${linkHash}`,
  /** A refresh-token session (login); its id is the first part of the refresh token. */
  session: (marketplaceId: string, sessionId: string) => `${marketplaceId}:session-${sessionId}`,
  /** An uploaded image (internal: the platform has no image events). */
  image: (marketplaceId: string, imageId: string) => `${marketplaceId}:image-${imageId}`,
  /** A file a user or the operator uploads (internal: the platform's event types have no files). */
  file: (marketplaceId: string, fileId: string) => `${marketplaceId}:file-${fileId}`,
  /** The marketplace's asset tree: one event per published version (internal). */
  assets: (marketplaceId: string) => `${marketplaceId}:assets`,
  listing: (marketplaceId: string, listingId: string) => `${marketplaceId}:listing-${listingId}`,
  /** A listing's availability: its exceptions and the seats its bookings hold (the seat ledger). */
  availability: (marketplaceId: string, listingId: string) => `${marketplaceId}:availability-${listingId}`,
  /** A listing's stock: adjustments and reservations (the stock ledger). */
  stock: (marketplaceId: string, listingId: string) => `${marketplaceId}:stock-${listingId}`,
  /** The marketplace's search schemas (listings and user profiles), one stream per marketplace. */
  searchSchemas: (marketplaceId: string) => `${marketplaceId}:search-schemas`,
  /** A webhook subscription (internal): its settings, signing-key nonces and cursor generations. */
  webhookSubscription: (marketplaceId: string, subscriptionId: string) => `${marketplaceId}:webhook-${subscriptionId}`,
  /** A webhook subscription's delivery log (internal): its attempts, recorded in batches by the delivery worker. */
  webhookDeliveries: (marketplaceId: string, subscriptionId: string) => `${marketplaceId}:webhook-deliveries-${subscriptionId}`,
} as const;

/** The list of every marketplace, for the operator CLI. */
export const MARKETPLACES_STREAM = 'marketplaces';

/** The installation's console operators and their sessions (src/operators): one global, internal stream. */
export const OPERATORS_STREAM = 'operators';
