import type { estypes } from '@elastic/elasticsearch';
import { flatKey, sortableNumber } from '../read-models/elasticsearch-typed-values';
import { defaultSatisfies, indexedValues, kindOf, textOf, ValueKind } from './extended-conditions';
import { withinSearchWindow, type ExtendedFilter, type ListingSearchQuery, type SearchDocument } from './listing-search.port';
import { availabilityQuery, AVAILABILITY_MAPPING } from './elasticsearch-availability-query';
import { planKey } from '../availability/domain/availability-plan';
import { EXACT_FACTOR, FIELD_WEIGHTS, NGRAM_MIN, reverseWord, wordsOf } from './search-text';

/** The Elasticsearch side of listing search as pure functions: the mapping, documents, and the search request of a query. */

/**
 * Extended-data fields by kind: one string (enums), strings (multi-enums), numbers, booleans, words and reversed
 * words (text). Each kind is one `flattened` field keyed by parameter name: the mapping is the same for every
 * marketplace and key, every value is indexed as it is written, and a schema set later needs no mapping change
 * nor reindex (numbers as order-preserving text, booleans as "true"/"false").
 */
export type FieldKind = ValueKind | 'w' | 'r';
const KINDS: FieldKind[] = ['s', 'm', 'n', 'b', 'w', 'r'];

export interface Source {
  marketplaceId: string;
  id: string;
  authorId: string;
  state: string;
  createdAt: number;
  price: number | null;
  location?: { lat: number; lon: number };
  stock: number | null;
  availabilityPlan: string;
  title_w: string[];
  title_r: string[];
  description_w: string[];
  description_r: string[];
  /** Extended data by kind and (escaped) parameter name, as indexed text. */
  x: Record<FieldKind, Record<string, string | string[]>>;
  /** A tombstone: what a versioned delete leaves, so an older put cannot bring the listing back. */
  deleted?: boolean;
}

export const MAPPING: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    marketplaceId: { type: 'keyword' },
    id: { type: 'keyword' },
    authorId: { type: 'keyword' },
    state: { type: 'keyword' },
    createdAt: { type: 'long' },
    price: { type: 'long' },
    location: { type: 'geo_point' },
    stock: { type: 'long' },
    ...AVAILABILITY_MAPPING,
    title_w: { type: 'keyword' },
    title_r: { type: 'keyword' },
    description_w: { type: 'keyword' },
    description_r: { type: 'keyword' },
    deleted: { type: 'boolean' },
    x: { properties: Object.fromEntries(KINDS.map((kind) => [kind, { type: 'flattened', ignore_above: 8191 }])) },
  },
};

export const toSource = (d: SearchDocument): Source => {
  const x: Source['x'] = { s: {}, m: {}, n: {}, b: {}, w: {}, r: {} };
  for (const [param, value] of Object.entries(d.values)) {
    const key = flatKey(param);
    for (const indexed of indexedValues(value)) {
      if (indexed.kind === 'm') ((x.m[key] as string[] | undefined) ?? (x.m[key] = [])).push(indexed.value as string);
      else x[indexed.kind][key] = indexedText(indexed.value);
    }
    const text = textOf(value);
    if (text !== null) {
      x.w[key] = wordsOf(text);
      x.r[key] = (x.w[key] as string[]).map(reverseWord);
    }
  }
  return {
    marketplaceId: d.marketplaceId,
    id: d.id,
    authorId: d.authorId,
    state: d.state,
    createdAt: d.createdAt,
    price: d.price,
    ...(d.geolocation ? { location: { lat: d.geolocation.lat, lon: d.geolocation.lng } } : {}),
    stock: d.stock,
    availabilityPlan: d.availabilityPlan ?? planKey(null),
    title_w: d.titleWords,
    title_r: d.titleWords.map(reverseWord),
    description_w: d.descriptionWords,
    description_r: d.descriptionWords.map(reverseWord),
    x,
  };
};

type Query = estypes.QueryDslQueryContainer;
export const field = (kind: FieldKind, key: string) => `x.${kind}.${flatKey(key)}`;
const indexedText = (v: string | number | boolean): string => (typeof v === 'number' ? sortableNumber(v) : String(v));
const bound = (v: number | undefined) => (v === undefined ? undefined : sortableNumber(v));
const constant = (filter: Query, boost: number): Query => ({ constant_score: { filter, boost } });

const extendedQuery = (f: ExtendedFilter): Query => {
  const path = field(kindOf(f.type), f.key);
  let match: Query;
  switch (f.type) {
    case 'enum':
      match = { terms: { [path]: f.anyOf } };
      break;
    case 'multi-enum':
      match = f.mode === 'any' ? { terms: { [path]: f.values } } : { bool: { filter: f.values.map((v) => ({ term: { [path]: v } })) } };
      break;
    case 'long':
      match = f.gte === undefined && f.lt === undefined ? { exists: { field: path } } : { range: { [path]: { gte: bound(f.gte), lt: bound(f.lt) } } };
      break;
    case 'boolean':
      match = { term: { [path]: String(f.value) } };
      break;
  }
  if (!defaultSatisfies(f, f.default)) return match;
  return { bool: { should: [match, { bool: { must_not: { exists: { field: path } } } }], minimum_should_match: 1 } };
};

/** The relevance of search-text.ts as a query: per token, the best of its hits (dis_max), summed over the tokens. */
const keywordsQuery = (tokens: string[], textKeys: string[]): Query => ({
  bool: {
    minimum_should_match: 1,
    should: tokens.map((t) => {
      const exact = (path: string, weight: number) => constant({ term: { [path]: t } }, weight * EXACT_FACTOR);
      const ngrams = (forward: string, reversed: string, weight: number) =>
        t.length >= NGRAM_MIN ? [constant({ prefix: { [forward]: t } }, weight), constant({ prefix: { [reversed]: reverseWord(t) } }, weight)] : [];
      return {
        dis_max: {
          tie_breaker: 0,
          queries: [
            exact('title_w', FIELD_WEIGHTS.title),
            exact('description_w', FIELD_WEIGHTS.description),
            ...textKeys.map((k) => exact(field('w', k), FIELD_WEIGHTS.attributes)),
            ...ngrams('title_w', 'title_r', FIELD_WEIGHTS.title),
            ...ngrams('description_w', 'description_r', FIELD_WEIGHTS.description),
            ...textKeys.flatMap((k) => ngrams(field('w', k), field('r', k), FIELD_WEIGHTS.attributes)),
          ],
        },
      };
    }),
  },
});

const filters = (q: ListingSearchQuery): Query[] => {
  const out: Query[] = [{ term: { marketplaceId: q.marketplaceId } }, { bool: { must_not: { term: { deleted: true } } } }];
  if (q.states) out.push({ terms: { state: q.states } });
  if (q.authorId !== undefined) out.push({ term: { authorId: q.authorId } });
  if (q.ids) out.push({ terms: { id: q.ids } });
  if (q.createdAtStart !== undefined || q.createdAtEnd !== undefined) out.push({ range: { createdAt: { gte: q.createdAtStart, lt: q.createdAtEnd } } });
  if (q.price) out.push(q.price.gte === undefined && q.price.lt === undefined ? { exists: { field: 'price' } } : { range: { price: { gte: q.price.gte, lt: q.price.lt } } });
  if (q.bounds) {
    // A box whose west edge is east of its east edge crosses the antimeridian; Elasticsearch wraps it.
    out.push({ geo_bounding_box: { location: { top_left: { lat: q.bounds.ne.lat, lon: q.bounds.sw.lng }, bottom_right: { lat: q.bounds.sw.lat, lon: q.bounds.ne.lng } } } });
  }
  for (const f of q.filters ?? []) out.push(extendedQuery(f));
  out.push(...availabilityQuery(q));
  if (q.stock) {
    const enough: Query = { range: { stock: { gte: q.stock.minStock } } };
    out.push(q.stock.mode === 'strict' ? enough : { bool: { should: [enough, { bool: { must_not: { exists: { field: 'stock' } } } }], minimum_should_match: 1 } });
  }
  return out;
};

const TIE_BREAK: estypes.SortCombinations[] = [{ createdAt: { order: 'desc' } }, { id: { order: 'asc' } }];

const sortOf = (q: ListingSearchQuery): estypes.SortCombinations[] => {
  if (q.sort?.length) {
    return [
      ...q.sort.map((s): estypes.SortCombinations => {
        if (s.field === 'createdAt') return { createdAt: { order: s.direction } };
        if (s.field === 'price') return { price: { order: s.direction, missing: '_last' } };
        return { [field('n', s.field)]: { order: s.direction, missing: s.default === undefined ? '_last' : sortableNumber(s.default), unmapped_type: 'keyword' } };
      }),
      ...TIE_BREAK,
    ];
  }
  if (q.keywords?.tokens.length) return [{ _score: { order: 'desc' } }, ...TIE_BREAK];
  if (q.origin) {
    return [{ _geo_distance: { location: { lat: q.origin.lat, lon: q.origin.lng }, order: 'asc', unit: 'km', distance_type: 'arc', ignore_unmapped: true } }, ...TIE_BREAK];
  }
  return TIE_BREAK;
};

/** The search request of a query (without the index), paged within the result window. */
export const searchRequestOf = (q: ListingSearchQuery): Omit<estypes.SearchRequest, 'index'> => {
  const keywords = q.keywords?.tokens.length ? [keywordsQuery(q.keywords.tokens, q.keywords.textKeys)] : [];
  // from + size may not pass the index's result window: past it there are only counts (the port's SEARCH_WINDOW).
  const { offset: from, limit } = withinSearchWindow(q);
  return {
    query: { bool: { filter: filters(q), must: keywords } },
    sort: sortOf(q),
    from,
    size: limit,
    track_total_hits: !q.withoutTotal,
    _source: ['id'],
  };
};
