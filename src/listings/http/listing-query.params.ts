import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ApiRequest } from '../../http/api-request';
import { MatchesTimestamp } from '../../http/validation';
import { queryOf } from '../../http/endpoint-params';
import { ApiError, apiError, invalidValue } from '../../shared/api-error';
import { isUuid } from '../../shared/values';
import { paramName, PREFIX_OF, SearchSchema } from '../../search-schemas/domain/search-schema';
import type { ExtendedFilter, ListingSearchQuery, ListingStateName, SearchSort } from '../../search/listing-search.port';
import { keywordTokens } from '../../search/search-text';
import type { AvailabilityFilter } from '../../availability/domain/availability-match';

/**
 * The one parser from a listing query string to the search query model, for the three listing queries:
 * public listings/query (published only), own_listings/query (the caller's), Integration listings/query (all).
 * Fixed parameters are checked by DTOs; `pub_*` / `meta_*` against the marketplace's listing search schemas.
 */
export type ListingQueryScope = 'public' | 'own' | 'integration';

const NUMBER = '-?\\d+(\\.\\d+)?';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const STATES: readonly ListingStateName[] = ['draft', 'pendingApproval', 'published', 'closed'];

class ListingQueryParams {
  @IsOptional() @IsString() @MaxLength(1000) keywords?: string;
  @IsOptional() @Matches(new RegExp(`^${NUMBER},${NUMBER}$`), { message: 'origin must be lat,lng' }) origin?: string;
  @IsOptional() @Matches(new RegExp(`^${NUMBER}(,${NUMBER}){3}$`), { message: 'bounds must be NE lat,NE lng,SW lat,SW lng' }) bounds?: string;
  @IsOptional() @Matches(/^(\d{1,15}|\d{0,15},\d{0,15})$/, { message: 'price must be VALUE, START,END, START, or ,END in minor units' }) price?: string;
  @IsOptional() @IsString() ids?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtStart must be a timestamp' }) createdAtStart?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtEnd must be a timestamp' }) createdAtEnd?: string;
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'start must be a timestamp' }) start?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'end must be a timestamp' }) end?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'seats must be a positive integer' }) seats?: string;
  @IsOptional() @IsIn(['day-full', 'day-partial', 'time-full', 'time-partial', 'full', 'partial']) availability?: string;
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'minDuration must be a non-negative integer' }) minDuration?: string;
  @IsOptional() @IsIn(['strict', 'match-undefined']) stockMode?: string;
  @IsOptional() @Matches(/^-?\d{1,12}$/, { message: 'minStock must be an integer' }) minStock?: string;
}

class PublicListingQueryParams extends ListingQueryParams {
  @IsOptional() @IsString() authorId?: string;
  /** The Web Template has always sent the snake-case name. */
  @IsOptional() @IsString() author_id?: string;
}

class OwnListingQueryParams extends ListingQueryParams {
  @IsOptional() @IsString() states?: string;
}

class IntegrationListingQueryParams extends OwnListingQueryParams {
  @IsOptional() @IsString() authorId?: string;
}

/**
 * The parameter classes of the three listing queries, for their endpoint declarations. Keys with the `pub_` and
 * `meta_` prefixes are extended-data filters, checked against the marketplace's search schemas below; the public
 * query ignores any other key it does not name (the Web Template passes its page's URL parameters through).
 */
export const LISTING_QUERY_PARAMS = { public: PublicListingQueryParams, own: OwnListingQueryParams, integration: IntegrationListingQueryParams };
export const LISTING_FILTER_PREFIXES = [PREFIX_OF.public, PREFIX_OF.metadata];

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const invalidParams = (param: string, details: string): ApiError =>
  apiError(400, 'validation-invalid-params', details, { source: { path: [param], type: 'query' } });

const uuidParam = (param: string, value: string): string => {
  if (!isUuid(value)) throw invalidValue([param], 'query', `${param} must be a UUID.`);
  return value;
};

/** `V`, `S,E` (S inclusive, E exclusive), `S,` or `,E`, integers. */
const range = (param: string, value: string): { gte?: number; lt?: number } => {
  const parts = value.split(',');
  const int = (s: string) => {
    const n = Number(s.trim());
    if (!/^-?\d+$/.test(s.trim()) || !Number.isSafeInteger(n)) throw invalidValue([param], 'query', `${param} must be an integer or a range START,END.`);
    return n;
  };
  if (parts.length === 1) {
    const v = int(parts[0]);
    return { gte: v, lt: v + 1 };
  }
  if (parts.length !== 2 || (parts[0].trim() === '' && parts[1].trim() === '')) throw invalidValue([param], 'query', `${param} must be VALUE, START,END, START, or ,END.`);
  return { ...(parts[0].trim() !== '' ? { gte: int(parts[0]) } : {}), ...(parts[1].trim() !== '' ? { lt: int(parts[1]) } : {}) };
};

const point = (param: string, lat: number, lng: number) => {
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw invalidValue([param], 'query', `${param}: latitudes are within ±90 and longitudes within ±180.`);
  return { lat, lng };
};

/** A pub_/meta_ parameter, typed by its schema. */
const extendedFilter = (param: string, value: string, schema: SearchSchema): ExtendedFilter => {
  const withDefault = <T extends object>(f: T) => (schema.default !== undefined ? { ...f, default: schema.default } : f);
  const values = (text: string) => {
    const items = list(text);
    if (items.length === 0) throw invalidValue([param], 'query', `${param} needs at least one value.`);
    return items;
  };
  switch (schema.type) {
    case 'enum':
      return withDefault({ type: 'enum', key: param, anyOf: values(value) });
    case 'multi-enum': {
      const mode = value.startsWith('has_any:') ? 'any' : 'all';
      return withDefault({ type: 'multi-enum', key: param, mode, values: values(value.replace(/^has_(any|all):/, '')) });
    }
    case 'long':
      return withDefault({ type: 'long', key: param, ...range(param, value) });
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw invalidValue([param], 'query', `${param} must be true or false.`);
      return withDefault({ type: 'boolean', key: param, value: value === 'true' });
    case 'text':
      throw invalidParams(param, `${param} has a text schema: search it with keywords.`);
  }
};

const sortKeys = (value: string, schemas: Map<string, SearchSchema>): SearchSort[] => {
  const keys = list(value);
  if (keys.length === 0 || keys.length > 3) throw invalidValue(['sort'], 'query', 'sort takes one to three attributes.');
  const seen = new Set<string>();
  return keys.map((key) => {
    const field = key.replace(/^-/, '');
    const direction = key.startsWith('-') ? 'asc' : 'desc';
    if (seen.has(field)) throw invalidValue(['sort'], 'query', `sort names ${field} twice.`);
    seen.add(field);
    if (field === 'createdAt' || field === 'price') return { field, direction };
    const schema = schemas.get(field);
    if (!schema || schema.type !== 'long') throw invalidValue(['sort'], 'query', `Cannot sort by ${field}: only createdAt, price and pub_/meta_ attributes with a long schema.`);
    return { field, direction, ...(schema.default !== undefined ? { default: schema.default as number } : {}) };
  });
};

/**
 * Parses a listing query. `authorId` is the caller for own_listings/query. Throws 400 with source.path for
 * invalid values, unknown parameters (own and Integration; the public query ignores them, as the Web Template
 * passes its page's URL parameters through), filters without a schema and impossible combinations.
 */
const DAY_MS = 86_400_000;
const AVAILABILITY_MODES: Record<string, Pick<AvailabilityFilter, 'planType' | 'mode'>> = {
  'day-full': { planType: 'day', mode: 'full' },
  'day-partial': { planType: 'day', mode: 'partial' },
  'time-full': { planType: 'time', mode: 'full' },
  'time-partial': { planType: 'time', mode: 'partial' },
  full: { planType: 'day', mode: 'full' },
  partial: { planType: 'day', mode: 'partial' },
};

/**
 * The availability filter of a listing query: only with both `start` and `end` (the spec's limits: start from a
 * day ago to 365 days ahead, end after it, at most 365 days ahead and 90 days after start). `seats` defaults to 1,
 * `availability` to day-full; `minDuration` is days for day plans and minutes for time plans.
 */
export const parseAvailabilityFilter = (query: Record<string, string>, now: Date): AvailabilityFilter | undefined => {
  const { start: s, end: e } = query;
  if (s === undefined && e === undefined) return undefined;
  if (s === undefined) throw apiError(400, 'validation-missing-key', 'start is required with end.', { source: { path: ['start'], type: 'query' } });
  if (e === undefined) throw apiError(400, 'validation-missing-key', 'end is required with start.', { source: { path: ['end'], type: 'query' } });
  const [start, end, t] = [new Date(s).getTime(), new Date(e).getTime(), now.getTime()];
  if (start < t - DAY_MS || start > t + 365 * DAY_MS) throw invalidValue(['start'], 'query', 'start must be between one day ago and 365 days from now.');
  if (end <= start) throw invalidValue(['end'], 'query', 'end must be after start.');
  if (end > t + 365 * DAY_MS || end - start > 90 * DAY_MS) throw invalidValue(['end'], 'query', 'end must be at most 365 days from now and 90 days after start.');
  const modes = AVAILABILITY_MODES[query.availability ?? 'day-full'];
  const minDuration = Number(query.minDuration ?? 0);
  return { ...modes, start, end, seats: Number(query.seats ?? 1), mode: modes.mode, minDurationMs: minDuration * (modes.planType === 'day' ? DAY_MS : 60_000) };
};

export const parseListingQuery = (api: ApiRequest, scope: ListingQueryScope, schemas: SearchSchema[], ownerId?: string): ListingSearchQuery => {
  const byParam = new Map(schemas.map((s) => [paramName(s), s]));
  const extended = Object.fromEntries(Object.entries(api.query).filter(([key]) => LISTING_FILTER_PREFIXES.some((p) => key.startsWith(p))));
  const p = queryOf(api, LISTING_QUERY_PARAMS[scope] as new () => IntegrationListingQueryParams & PublicListingQueryParams);

  const query: ListingSearchQuery = {
    marketplaceId: api.auth.marketplaceId,
    offset: (api.common.page - 1) * api.common.perPage,
    limit: api.common.perPage,
  };
  if (scope === 'public') query.states = ['published'];
  if (p.states !== undefined) {
    const states = list(p.states);
    if (states.length === 0 || !states.every((s) => (STATES as readonly string[]).includes(s)))
      throw invalidValue(['states'], 'query', `states is a list of ${STATES.join(', ')}.`);
    query.states = states as ListingStateName[];
  }
  if (scope === 'own') query.authorId = ownerId;
  else {
    const author = p.authorId ?? p.author_id;
    if (author !== undefined) query.authorId = uuidParam(p.authorId !== undefined ? 'authorId' : 'author_id', author);
  }
  if (p.ids !== undefined) {
    const ids = list(p.ids);
    if (ids.length > 100) throw invalidValue(['ids'], 'query', 'ids takes at most 100 ids.');
    query.ids = ids.map((id) => uuidParam('ids', id));
  }
  if (p.createdAtStart !== undefined) query.createdAtStart = new Date(p.createdAtStart).getTime();
  if (p.createdAtEnd !== undefined) query.createdAtEnd = new Date(p.createdAtEnd).getTime();
  const tokens = p.keywords !== undefined ? keywordTokens(p.keywords) : [];
  if (tokens.length > 0) {
    const textKeys = schemas.filter((s) => s.type === 'text').map(paramName);
    query.keywords = { tokens, textKeys };
  }
  if (p.origin !== undefined) {
    if (tokens.length > 0) throw invalidParams('origin', 'origin cannot be combined with keywords.');
    if (p.sort !== undefined) throw invalidParams('origin', 'origin cannot be combined with sort.');
    const [lat, lng] = p.origin.split(',').map(Number);
    query.origin = point('origin', lat, lng);
  }
  if (p.bounds !== undefined) {
    const [neLat, neLng, swLat, swLng] = p.bounds.split(',').map(Number);
    if (neLat < swLat) throw invalidValue(['bounds'], 'query', 'bounds: the NE latitude is below the SW latitude.');
    query.bounds = { ne: point('bounds', neLat, neLng), sw: point('bounds', swLat, swLng) };
  }
  if (p.price !== undefined) query.price = range('price', p.price);
  if (p.minStock !== undefined) query.stock = { minStock: Number(p.minStock), mode: (p.stockMode as 'strict' | 'match-undefined' | undefined) ?? 'strict' };
  const filters: ExtendedFilter[] = [];
  for (const [param, value] of Object.entries(extended)) {
    const schema = byParam.get(param);
    if (!schema) throw invalidParams(param, `${param}: the marketplace has no listing search schema for this key.`);
    filters.push(extendedFilter(param, value, schema));
  }
  if (filters.length > 0) query.filters = filters;
  if (p.sort !== undefined) query.sort = sortKeys(p.sort, byParam);
  return query;
};
