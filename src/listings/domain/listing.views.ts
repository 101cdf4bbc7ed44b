import type { Resource } from '../../shared/resource';
import { LatLng, Money, Uuid } from '../../shared/values';
import type { ListingState } from './listing.state';

type Ref = { id: Uuid; type: string };

/**
 * The listing as the Integration API shows it: every attribute, its to-one relationships (author, marketplace)
 * and its images as references. This is what `listing/*` events carry as `resource` and what the listings read
 * model stores.
 */
export interface StoredListing {
  id: Uuid;
  type: 'listing';
  attributes: Record<string, unknown>;
  relationships: { author: { data: Ref }; marketplace: { data: Ref }; images: { data: Ref[] }; protectedFileAttachments?: { data: Ref[] } };
  /** The listing's stock total (what stock filters search), null without stock; not an attribute of any view. */
  currentStock?: { quantity: number } | null;
}

export const storedListing = (s: ListingState): StoredListing => ({
  id: new Uuid(s.id!),
  type: 'listing',
  attributes: {
    title: s.title,
    description: s.description,
    geolocation: s.geolocation ? new LatLng(s.geolocation.lat, s.geolocation.lng) : null,
    createdAt: new Date(s.createdAt!),
    price: s.price ? new Money(s.price.amount, s.price.currency) : null,
    availabilityPlan: s.availabilityPlan,
    state: s.state,
    deleted: s.deleted,
    publicData: s.publicData,
    privateData: s.privateData,
    metadata: s.metadata,
  },
  relationships: {
    author: { data: { id: new Uuid(s.authorId!), type: 'user' } },
    marketplace: { data: { id: new Uuid(s.marketplaceId!), type: 'marketplace' } },
    images: { data: s.images.map((id) => ({ id: new Uuid(id), type: 'image' })) },
    ...(s.protectedFileAttachments?.length ? { protectedFileAttachments: { data: s.protectedFileAttachments.map((a) => ({ id: new Uuid(a.attachmentId), type: 'fileAttachment' })) } } : {}),
  },
  currentStock: s.currentStock === null || s.currentStock === undefined ? null : { quantity: s.currentStock },
});

/** A deleted listing still answers as a related resource: its id and `deleted: true`, every other attribute empty. */
export const deletedListing = (id: string, marketplaceId: string): StoredListing => ({
  id: new Uuid(id),
  type: 'listing',
  attributes: {
    title: null,
    description: null,
    geolocation: null,
    createdAt: null,
    price: null,
    availabilityPlan: null,
    state: null,
    deleted: true,
    publicData: null,
    privateData: null,
    metadata: null,
  },
  relationships: {
    author: { data: null as unknown as Ref },
    marketplace: { data: { id: new Uuid(marketplaceId), type: 'marketplace' } },
    images: { data: [] },
  },
});

export const listingId = (l: StoredListing): string => l.id.uuid;
export const authorIdOf = (l: StoredListing): string | null => l.relationships.author.data?.id.uuid ?? null;
export const imageIdsOf = (l: StoredListing): string[] => l.relationships.images.data.map((r) => r.id.uuid);
export const protectedAttachmentIdsOf = (l: StoredListing): string[] => (l.relationships.protectedFileAttachments?.data ?? []).map((r) => r.id.uuid);
export const isLive = (l: StoredListing | null): l is StoredListing => l !== null && l.attributes.deleted !== true;

/** Integration API `listing`: everything. */
export const integrationListing = (l: StoredListing): Resource => ({ id: listingId(l), type: 'listing', attributes: { ...l.attributes } });

/** Marketplace API `ownListing`: the author's view, private data included. */
export const ownListingView = (l: StoredListing): Resource => ({ id: listingId(l), type: 'ownListing', attributes: { ...l.attributes } });

/** Marketplace API `listing`, as everyone sees it: no private data. */
export const publicListingView = (l: StoredListing): Resource => {
  const { privateData: _private, ...attributes } = l.attributes;
  return { id: listingId(l), type: 'listing', attributes };
};
