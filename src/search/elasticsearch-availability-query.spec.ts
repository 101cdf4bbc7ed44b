import { availabilityQuery, planKeysOf, planKeysRequest } from './elasticsearch-availability-query';

describe('Elasticsearch availability query', () => {
  const base = { marketplaceId: 'mp', offset: 0, limit: 10 };

  it('selects the plan keys minus the excluded ids, plus the included ids', () => {
    expect(availabilityQuery({ ...base, availability: { planKeys: ['d|mon 1'], includeIds: ['a'], excludeIds: ['b'] } })).toEqual([
      {
        bool: {
          should: [{ bool: { filter: [{ terms: { availabilityPlan: ['d|mon 1'] } }], must_not: [{ terms: { id: ['b'] } }] } }, { terms: { id: ['a'] } }],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(availabilityQuery(base)).toEqual([]);
  });

  it('lists a marketplace plan keys by a terms aggregation', () => {
    expect(planKeysRequest('mp')).toMatchObject({ size: 0, query: { term: { marketplaceId: 'mp' } }, aggs: { plans: { terms: { field: 'availabilityPlan' } } } });
    expect(planKeysOf({ aggregations: { plans: { buckets: [{ key: 'd|mon 1', doc_count: 3 }] } } } as never)).toEqual(['d|mon 1']);
  });
});
