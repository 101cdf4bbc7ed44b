/**
 * The listing search port: one query model for every listing query of both data APIs (public listings/query,
 * own_listings/query, Integration listings/query), answered by a search read model that the search projection
 * keeps. Adapters: SQLite (FTS5 + R*Tree + indexed extended data, embedded), PostgreSQL (tsvector + jsonb) and
 * Elasticsearch 8. All pass test/listing-search.contract.ts with the same expected results.
 */

export type ListingStateName = 'draft' | 'pendingApproval' | 'published' | 'closed';
export type ScalarValue = string | number | boolean;

export interface Point {
  lat: number;
  lng: number;
}

/** What the search read model keeps of a listing, computed purely from the listing resource. */
export interface SearchDocument {
  id: string;
  marketplaceId: string;
  authorId: string;
  state: ListingStateName;
  /** ms since the epoch. */
  createdAt: number;
  /** Price amount in minor units (currency is ignored by price filters and sorts). */
  price: number | null;
  geolocation: Point | null;
  /** Distinct normalized words (see search-text.ts). */
  titleWords: string[];
  descriptionWords: string[];
  /**
   * Top-level extended-data values that a schema could make searchable, by query-parameter name (`pub_color`,
   * `meta_rank`): scalars and lists of scalars. Every key is kept whether or not it has a schema yet, so a schema
   * set later applies to existing listings without a rebuild.
   */
  values: Record<string, ScalarValue | ScalarValue[]>;
  /** The stock filters' field (minStock, stockMode): null while the listing has no stock. */
  stock: number | null;
  /**
   * The listing's availability plan as its canonical key (src/availability/domain/availability-plan.ts planKey), the default plan's key when absent:
   * the availability filters evaluate each distinct plan once and select listings by key.
   */
  availabilityPlan?: string;
}

/** A write; `position` (the event's log position, stamped by the engines) makes an older write than the stored one a no-op. */
export type SearchOp = { op: 'put'; document: SearchDocument; position?: number } | { op: 'delete'; marketplaceId: string; id: string; position?: number };

/** Extended-data conditions, typed by their schema. `key` is the parameter name (`pub_color`). */
export type ExtendedCondition =
  | { type: 'enum'; key: string; anyOf: string[] }
  | { type: 'multi-enum'; key: string; mode: 'all' | 'any'; values: string[] }
  /** gte inclusive, lt exclusive; `pub_k=5` is gte 5, lt 6. */
  | { type: 'long'; key: string; gte?: number; lt?: number }
  | { type: 'boolean'; key: string; value: boolean };

/** A condition plus the schema's default: listings lacking a value of the schema's type count as having it. */
export type ExtendedFilter = ExtendedCondition & { default?: ScalarValue | string[] };

export interface SearchSort {
  /** `createdAt`, `price`, or the parameter name of a long schema (`pub_rank`). */
  field: string;
  direction: 'asc' | 'desc';
  /** For extended-data keys: the schema's default, used for listings without a value (else they sort last). */
  default?: number;
}

export interface ListingSearchQuery {
  marketplaceId: string;
  /** Only listings in these states; all states when absent. */
  states?: ListingStateName[];
  authorId?: string;
  /**
   * Only these listings (the `ids` parameter). This is also the hook for filters the search read model does not
   * hold (availability): their own read model narrows the candidates to a set of ids.
   */
  ids?: string[];
  /** ms since the epoch: createdAt >= start, createdAt < end. */
  createdAtStart?: number;
  createdAtEnd?: number;
  /** Normalized tokens (any may match) and the text-schema keys (`pub_notes`) matched besides title and description. */
  keywords?: { tokens: string[]; textKeys: string[] };
  /** Nearest first (cannot be combined with keywords or sort). */
  origin?: Point;
  /** NE and SW corners; sw.lng > ne.lng crosses the antimeridian. */
  bounds?: { ne: Point; sw: Point };
  /** Amount in minor units: gte inclusive, lt exclusive. */
  price?: { gte?: number; lt?: number };
  filters?: ExtendedFilter[];
  /**
   * The availability filters, evaluated by the availability context (AvailabilityRestrictionQuery) into: listings
   * whose plan key is one of `planKeys` and whose id is not in `excludeIds` (their exceptions or bookings in the
   * window make them fail), or whose id is in `includeIds` (they pass with their exceptions and bookings).
   */
  availability?: AvailabilityRestriction;
  /** The caller does not need `total` (unpaginated time-based availability queries): engines may skip counting. */
  withoutTotal?: boolean;
  /** strict: only listings with stock >= minStock; match-undefined: listings without stock match too. */
  stock?: { minStock: number; mode: 'strict' | 'match-undefined' };
  /**
   * Order. Default: keywords → relevance (see search-text.ts), origin → distance, otherwise createdAt descending.
   * Ties are broken by createdAt descending, then id.
   */
  sort?: SearchSort[];
  offset: number;
  limit: number;
}

/**
 * The port's cap, as Elasticsearch's result window: only the first 10,000 matches in order can be read (`total`
 * still counts every match). A page that reaches past it is cut there, a page after it is empty; never an error.
 * The listing endpoints serve pages up to meta.paginationLimit within it.
 */
export const SEARCH_WINDOW = 10_000;

/** A query's page cut to the search window (every adapter applies it, so both engines answer the same). */
export const withinSearchWindow = (q: ListingSearchQuery): ListingSearchQuery => {
  const offset = Math.min(q.offset, SEARCH_WINDOW);
  return { ...q, offset, limit: Math.max(0, Math.min(q.limit, SEARCH_WINDOW - offset)) };
};

export interface AvailabilityRestriction {
  planKeys: string[];
  includeIds: string[];
  excludeIds: string[];
}

export interface ListingSearchResult {
  /** The page, in order. */
  ids: string[];
  /** Every match (with `withoutTotal`, possibly only a lower bound). */
  total: number;
}

export interface ListingSearch {
  /** Applies the search projection's output. */
  apply(ops: SearchOp[]): Promise<void>;
  query(query: ListingSearchQuery): Promise<ListingSearchResult>;
  /** The distinct availability plan keys of a marketplace's listings (may include keys no listing has any more). */
  availabilityPlans(marketplaceId: string): Promise<string[]>;
  /** Drops the whole search read model (before a rebuild from the log). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Injection token of the port. */
export const LISTING_SEARCH = 'ListingSearch';
