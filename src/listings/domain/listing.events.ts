import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { DomainEvent } from '../../shared/decider';

export type ListingStatus = 'draft' | 'pendingApproval' | 'published' | 'closed';
export type ExtendedData = Record<string, unknown>;

export interface PriceValue {
  amount: number;
  currency: string;
}

export interface GeoValue {
  lat: number;
  lng: number;
}

/** The availability plan object of document 1 (day- or time-based), kept as given. */
export interface AvailabilityPlan {
  type: 'availability-plan/day' | 'availability-plan/time';
  timezone?: string;
  entries: Array<{ dayOfWeek: string; seats: number; startTime?: string; endTime?: string }>;
}

/** What an author or operator writes about a listing. */
export interface ListingContent {
  title: string;
  description: string | null;
  geolocation: GeoValue | null;
  price: PriceValue | null;
  availabilityPlan: AvailabilityPlan | null;
  publicData: ExtendedData;
  privateData: ExtendedData;
  metadata: ExtendedData;
  /** Image ids, in display order. */
  images: string[];
}

export interface ListingCreatedData extends ListingContent {
  listingId: string;
  marketplaceId: string;
  authorId: string;
  state: ListingStatus;
  createdAt: string;
  /** The listing's protected files (seen by the author; revealed to a transaction by its process); only when any. */
  protectedFileAttachments?: FileAttachmentRef[];
}

/** Only the changed attributes; extended data as the whole object after the top-level merge. */
export type ListingChanges = Partial<ListingContent> & { state?: ListingStatus; protectedFileAttachments?: FileAttachmentRef[] };

export type ListingEvent =
  | DomainEvent<'listing/created', ListingCreatedData>
  | DomainEvent<'listing/updated', ListingChanges>
  | DomainEvent<'listing/deleted', { deletedAt: string }>
  /** Internal: the listing's total stock changed (stock context); search reads it from the listing resource. */
  | DomainEvent<'listing/current-stock-changed', { quantity: number }>;

export const PUBLIC_LISTING_EVENTS: ReadonlySet<string> = new Set(['listing/created', 'listing/updated', 'listing/deleted']);
