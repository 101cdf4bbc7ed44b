import { sortableNumber } from '../read-models/elasticsearch-typed-values';
import { MAPPING, searchRequestOf, toSource } from './elasticsearch-search-query';
import type { ListingSearchQuery } from './listing-search.port';

const base: ListingSearchQuery = { marketplaceId: 'm', offset: 0, limit: 24 };
const json = (v: unknown) => JSON.parse(JSON.stringify(v));

describe('Elasticsearch search request', () => {
  it('scores each token by its best hit, summed, with the weights of search-text.ts', () => {
    const request = json(searchRequestOf({ ...base, keywords: { tokens: ['bike', 'ab'], textKeys: ['pub_notes'] } }));
    const [bike, ab] = request.query.bool.must[0].bool.should;
    type Clause = { constant_score: { boost: number; filter: Record<string, Record<string, string>> } };
    const boosts = (token: { dis_max: { queries: Clause[] } }) =>
      token.dis_max.queries.map((q) => {
        const [kind, on] = Object.entries(q.constant_score.filter)[0];
        return [kind, Object.keys(on)[0], q.constant_score.boost];
      });
    expect(boosts(bike)).toEqual([
      ['term', 'title_w', 3000],
      ['term', 'description_w', 2000],
      ['term', 'x.w.pub_notes', 1000],
      ['prefix', 'title_w', 3],
      ['prefix', 'title_r', 3],
      ['prefix', 'description_w', 2],
      ['prefix', 'description_r', 2],
      ['prefix', 'x.w.pub_notes', 1],
      ['prefix', 'x.r.pub_notes', 1],
    ]);
    // Tokens under 3 characters have no n-grams.
    expect(boosts(ab).map(([kind]) => kind)).toEqual(['term', 'term', 'term']);
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { createdAt: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });

  it('maps bounds across the antimeridian to a wrapping box, origin to a distance sort, and defaults to lacking values', () => {
    const request = json(
      searchRequestOf({
        ...base,
        bounds: { ne: { lat: -10, lng: -170 }, sw: { lat: -20, lng: 170 } },
        origin: { lat: -15, lng: 179 },
        filters: [{ type: 'boolean', key: 'meta_promoted', value: false, default: false }],
      }),
    );
    expect(request.query.bool.filter).toContainEqual({ geo_bounding_box: { location: { top_left: { lat: -10, lon: 170 }, bottom_right: { lat: -20, lon: -170 } } } });
    expect(request.query.bool.filter).toContainEqual({
      bool: { should: [{ term: { 'x.b.meta_promoted': 'false' } }, { bool: { must_not: { exists: { field: 'x.b.meta_promoted' } } } }], minimum_should_match: 1 },
    });
    expect(request.sort[0]._geo_distance).toMatchObject({ location: { lat: -15, lon: 179 }, order: 'asc', distance_type: 'arc' });
  });

  it('sorts by the given keys with missing values last or the schema default, then createdAt and id', () => {
    const request = json(searchRequestOf({ ...base, sort: [{ field: 'price', direction: 'asc' }, { field: 'pub_year', direction: 'desc', default: 1990 }] }));
    expect(request.sort).toEqual([
      { price: { order: 'asc', missing: '_last' } },
      { 'x.n.pub_year': { order: 'desc', missing: sortableNumber(1990), unmapped_type: 'keyword' } },
      { createdAt: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('stays within the 10,000-hit result window', () => {
    expect(searchRequestOf({ ...base, offset: 9990, limit: 24 })).toMatchObject({ from: 9990, size: 10 });
    expect(searchRequestOf({ ...base, offset: 12000, limit: 24 })).toMatchObject({ from: 10000, size: 0 });
  });

  it('indexes extended data by kind: strings, lists of strings, integers, booleans, and the words of strings', () => {
    const source = toSource({
      id: 'l',
      marketplaceId: 'm',
      authorId: 'a',
      state: 'published',
      createdAt: 1,
      price: null,
      geolocation: { lat: 1, lng: 2 },
      titleWords: ['local'],
      descriptionWords: [],
      values: { pub_color: 'Red car', pub_tags: ['a', 'b'], pub_size: 5, pub_ratio: 1.5, meta_flag: true, 'pub_a.b': 'x' },
      stock: null,
    });
    expect(source.x).toEqual({
      s: { pub_color: 'Red car', 'pub_a%2Eb': 'x' },
      m: { pub_tags: ['a', 'b'] },
      n: { pub_size: sortableNumber(5) },
      b: { meta_flag: 'true' },
      w: { pub_color: ['red', 'car'], 'pub_a%2Eb': ['x'] },
      r: { pub_color: ['der', 'rac'], 'pub_a%2Eb': ['x'] },
    });
    // One fixed mapping: each kind is a flattened field, whatever the keys and marketplaces.
    expect(Object.values((MAPPING.properties!.x as { properties: Record<string, { type: string }> }).properties).map((p) => p.type)).toEqual(Array(6).fill('flattened'));
    expect(source).toMatchObject({ location: { lat: 1, lon: 2 }, title_r: ['lacol'] });
  });
});
