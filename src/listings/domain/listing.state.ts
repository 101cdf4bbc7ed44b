import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import type { ListingContent, ListingEvent, ListingStatus } from './listing.events';

export interface ListingState extends ListingContent {
  exists: boolean;
  deleted: boolean;
  id: string | null;
  marketplaceId: string | null;
  authorId: string | null;
  state: ListingStatus | null;
  createdAt: string | null;
  /** The total of the listing's stock; null while it has none (kept in step by the stock context). */
  currentStock: number | null;
  /** Protected file attachments, in order (the whole list is replaced by each change). */
  protectedFileAttachments: FileAttachmentRef[];
}

export const initialListingState = (): ListingState => ({
  exists: false,
  deleted: false,
  id: null,
  marketplaceId: null,
  authorId: null,
  state: null,
  createdAt: null,
  currentStock: null,
  protectedFileAttachments: [],
  title: '',
  description: null,
  geolocation: null,
  price: null,
  availabilityPlan: null,
  publicData: {},
  privateData: {},
  metadata: {},
  images: [],
});

export const evolveListing = (state: ListingState, event: ListingEvent): ListingState => {
  switch (event.type) {
    case 'listing/created': {
      const { listingId, ...data } = event.data;
      return { ...state, ...data, id: listingId, exists: true };
    }
    case 'listing/updated':
      return { ...state, ...event.data };
    case 'listing/deleted':
      return { ...state, deleted: true };
    case 'listing/current-stock-changed':
      return { ...state, currentStock: event.data.quantity };
  }
};
