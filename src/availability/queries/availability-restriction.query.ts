import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { StoredListing } from '../../listings/domain/listing.views';
import { FindListingQuery } from '../../listings/queries/listing.queries';
import { LISTING_SEARCH, type AvailabilityRestriction, type ListingSearch } from '../../search/listing-search.port';
import type { AvailabilityPlan } from '../domain/availability-plan';
import { AvailabilityFilter, filterWindow, planTypeOf, satisfies } from '../domain/availability-match';
import { planOfKey } from '../domain/availability-plan';
import { freeSeats, planSegments } from '../domain/seat-timeline';
import { AvailabilityReads } from './availability.reads';

/** Which listings a listing query's availability filter lets through, as the search port's restriction. */
export class AvailabilityRestrictionQuery {
  constructor(
    readonly marketplaceId: string,
    readonly filter: AvailabilityFilter,
  ) {}
}

/**
 * Evaluates the filter once per distinct plan of the marketplace (most listings share their plan, and a plan alone
 * decides for every listing without exceptions or bookings in the window), then once per listing that has
 * exceptions or held seats in the window, which the plan's answer may not hold for.
 */
@QueryHandler(AvailabilityRestrictionQuery)
export class AvailabilityRestrictionHandler implements IQueryHandler<AvailabilityRestrictionQuery, AvailabilityRestriction> {
  constructor(
    @Inject(LISTING_SEARCH) private readonly search: ListingSearch,
    private readonly reads: AvailabilityReads,
    private readonly queries: QueryBus,
  ) {}

  async execute({ marketplaceId, filter }: AvailabilityRestrictionQuery): Promise<AvailabilityRestriction> {
    const window = filterWindow(filter);
    const prefix = filter.planType === 'day' ? 'd|' : 't|';
    const keys = (await this.search.availabilityPlans(marketplaceId)).filter((k) => k.startsWith(prefix));
    const planKeys = keys.filter((k) => satisfies(planSegments(planOfKey(k), window), filter));
    const includeIds: string[] = [];
    const excludeIds: string[] = [];
    const overlapping = await this.reads.overlapping(marketplaceId, window);
    await Promise.all(
      [...overlapping].map(async ([listingId, sources]) => {
        const listing = await this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(marketplaceId, listingId));
        if (!listing || listing.attributes.deleted) return;
        const plan = (listing.attributes.availabilityPlan as AvailabilityPlan | null) ?? null;
        if (planTypeOf(plan) !== filter.planType) return;
        (satisfies(freeSeats({ plan, ...sources }, window), filter) ? includeIds : excludeIds).push(listingId);
      }),
    );
    return { planKeys, includeIds, excludeIds };
  }
}
