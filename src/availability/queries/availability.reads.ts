import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { ListingState } from '../../listings/domain/listing.state';
import { listingStream } from '../../listings/listing-streams';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import { isUuid } from '../../shared/values';
import { availabilityStream } from '../availability-streams';
import { AVAILABILITY_EXCEPTIONS, SEAT_RESERVATIONS } from '../availability.projection';
import type { AvailabilityState } from '../domain/availability.decider';
import type { SeatReservationData } from '../domain/availability.events';
import type { StoredException } from '../domain/availability.views';
import type { Segment, TimeRange } from '../domain/seat-timeline';

/** Exceptions and held seats of one listing, as segments. */
export interface ListingSeatSources {
  exceptions: Segment[];
  bookings: Segment[];
}

const PAGE = 5_000;

/**
 * Reads of availability. One listing's availability (exceptions, time slots) comes from its streams' folded
 * states through the runner's cache: current, and folded only for new events. Many listings' (search) come from
 * the availability read model, found by time: documents whose `createdAt` is their start.
 */
@Injectable()
export class AvailabilityReads {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  async listing(marketplaceId: string, listingId: string): Promise<{ listing: ListingState; availability: AvailabilityState } | null> {
    if (!isUuid(listingId)) return null;
    const [listing, availability] = await Promise.all([
      this.runner.state(listingStream(marketplaceId, listingId)),
      this.runner.state(availabilityStream(marketplaceId, listingId)),
    ]);
    return listing.exists && !listing.deleted ? { listing, availability } : null;
  }

  exception(marketplaceId: string, id: string): Promise<StoredException | null> {
    return isUuid(id) ? this.documents.get<StoredException>(AVAILABILITY_EXCEPTIONS, marketplaceId, id) : Promise.resolve(null);
  }

  /** Every listing with an exception or held seats overlapping `range`, with those. */
  async overlapping(marketplaceId: string, range: TimeRange): Promise<Map<string, ListingSeatSources>> {
    const out = new Map<string, ListingSeatSources>();
    const sourcesOf = (listingId: string) => {
      let s = out.get(listingId);
      if (!s) out.set(listingId, (s = { exceptions: [], bookings: [] }));
      return s;
    };
    for (const e of await this.all<StoredException>(AVAILABILITY_EXCEPTIONS, marketplaceId, range))
      sourcesOf(e.relationships.listing.data.id.uuid).exceptions.push({ start: e.attributes.start.getTime(), end: e.attributes.end.getTime(), seats: e.attributes.seats });
    for (const r of await this.all<SeatReservationData>(SEAT_RESERVATIONS, marketplaceId, range))
      sourcesOf(r.listingId).bookings.push({ start: new Date(r.start).getTime(), end: new Date(r.end).getTime(), seats: r.seats });
    return out;
  }

  private async all<T>(collection: string, marketplaceId: string, range: TimeRange): Promise<T[]> {
    const items: T[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.documents.query<T>(collection, {
        marketplaceId,
        createdAtEnd: new Date(range.end).toISOString(),
        where: [{ field: 'end', op: 'range', gte: range.start + 1 }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        offset,
        limit: PAGE,
      });
      items.push(...page.items);
      if (page.items.length < PAGE) return items;
    }
  }
}
