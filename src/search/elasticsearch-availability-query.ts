import type { estypes } from '@elastic/elasticsearch';
import type { ListingSearchQuery } from './listing-search.port';

/**
 * The availability filters in the Elasticsearch search read model: listings by their plan key (a keyword field),
 * minus the ones their exceptions or bookings fail, plus the ones they let in (see AvailabilityRestriction).
 */
export const AVAILABILITY_PLAN_FIELD = 'availabilityPlan';
export const AVAILABILITY_MAPPING: Record<string, estypes.MappingProperty> = { [AVAILABILITY_PLAN_FIELD]: { type: 'keyword' } };

export const availabilityQuery = (q: ListingSearchQuery): estypes.QueryDslQueryContainer[] => {
  const r = q.availability;
  if (!r) return [];
  const byPlan: estypes.QueryDslQueryContainer = {
    bool: { filter: [{ terms: { [AVAILABILITY_PLAN_FIELD]: r.planKeys } }], must_not: r.excludeIds.length > 0 ? [{ terms: { id: r.excludeIds } }] : [] },
  };
  return [{ bool: { should: [byPlan, ...(r.includeIds.length > 0 ? [{ terms: { id: r.includeIds } }] : [])], minimum_should_match: 1 } }];
};

/** The distinct plan keys of a marketplace: a terms aggregation. */
export const planKeysRequest = (marketplaceId: string): Omit<estypes.SearchRequest, 'index'> => ({
  size: 0,
  query: { term: { marketplaceId } },
  aggs: { plans: { terms: { field: AVAILABILITY_PLAN_FIELD, size: 65_536 } } },
});

export const planKeysOf = (response: estypes.SearchResponse): string[] =>
  ((response.aggregations?.plans as estypes.AggregationsStringTermsAggregate | undefined)?.buckets as estypes.AggregationsStringTermsBucket[] | undefined)?.map((b) => String(b.key)) ?? [];
