import type { RecordedEvent } from '../event-store/event-store.port';
import type { ListingSearchProjection, UndecodedEvent } from '../event-sourcing/projection';
import type { LatLng, Money, Uuid } from '../shared/values';
import { KEY_PATTERN } from '../search-schemas/domain/search-schema';
import type { ListingStateName, ScalarValue, SearchDocument, SearchOp } from './listing-search.port';
import { wordsOf } from './search-text';
import { planKey } from '../availability/domain/availability-plan';
import type { AvailabilityPlan } from '../listings/domain/listing.events';

/** The listing resource as events carry it (src/listings/domain/listing.views.ts StoredListing). */
interface ListingResource {
  id: Uuid;
  attributes: {
    title: string;
    description: string | null;
    geolocation: LatLng | null;
    createdAt: Date;
    price: Money | null;
    state: ListingStateName;
    availabilityPlan: AvailabilityPlan | null;
    publicData: Record<string, unknown>;
    metadata: Record<string, unknown>;
  };
  relationships: { author: { data: { id: Uuid } } };
  currentStock?: { quantity: number } | null;
}

const isScalar = (v: unknown): v is ScalarValue => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** Top-level scalars and lists of scalars of public data and metadata, by parameter name; nothing else can match a schema. */
const searchableValues = (publicData: Record<string, unknown>, metadata: Record<string, unknown>): SearchDocument['values'] => {
  const values: SearchDocument['values'] = {};
  for (const [prefix, data] of [['pub_', publicData], ['meta_', metadata]] as const) {
    for (const [key, value] of Object.entries(data ?? {})) {
      if (!KEY_PATTERN.test(key)) continue;
      if (isScalar(value)) values[prefix + key] = value;
      else if (Array.isArray(value) && value.every(isScalar)) values[prefix + key] = value;
    }
  }
  return values;
};

export const searchDocumentOf = (marketplaceId: string, listing: ListingResource): SearchDocument => {
  const a = listing.attributes;
  return {
    id: listing.id.uuid,
    marketplaceId,
    authorId: listing.relationships.author.data.id.uuid,
    state: a.state,
    createdAt: a.createdAt.getTime(),
    price: a.price ? a.price.amount : null,
    geolocation: a.geolocation ? { lat: a.geolocation.lat, lng: a.geolocation.lng } : null,
    titleWords: wordsOf(a.title),
    descriptionWords: wordsOf(a.description ?? ''),
    values: searchableValues(a.publicData, a.metadata),
    stock: listing.currentStock?.quantity ?? null,
    availabilityPlan: planKey(a.availabilityPlan),
  };
};

/** The search read model (the ListingSearch port): one search document per live listing; deleted listings leave it. */
export const listingSearchProjection: ListingSearchProjection = {
  name: 'listing-search',
  target: 'listing-search',
  eventTypes: ['listing/created', 'listing/updated', 'listing/deleted', 'listing/current-stock-changed'],
  // Every listing event names its listing as the resource (the listing's id, or the deleted one's).
  listingOf: (event: UndecodedEvent) => {
    const marketplaceId = event.metadataString('marketplaceId');
    const id = event.metadataString('resourceId');
    return marketplaceId && id ? { marketplaceId, id } : undefined;
  },
  project: (event: RecordedEvent): SearchOp[] => {
    const m = event.metadata;
    const listing = m.resource as ListingResource | null;
    if (!listing) return [{ op: 'delete', marketplaceId: m.marketplaceId, id: m.resourceId! }];
    return [{ op: 'put', document: searchDocumentOf(m.marketplaceId, listing) }];
  },
};
