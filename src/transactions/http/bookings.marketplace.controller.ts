import { Controller } from '@nestjs/common';
import { BOOKING_SCHEMA } from './transaction.schemas';
import { BookingsQueryParams } from './transaction.dto';
import { QueryBus } from '@nestjs/cqrs';
import { Api, ApiRequest } from '../../http/api-request';
import { paginationMeta, splitList } from '../../http/common-params';
import { ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import type { StoredListing } from '../../listings/domain/listing.views';
import { FindListingQuery } from '../../listings/queries/listing.queries';
import type { FieldCondition } from '../../read-models/document-store.port';
import { disallowedKey, forbidden, invalidValue, missingKey } from '../../shared/api-error';
import { isUuid } from '../../shared/values';
import { TransactionReads } from '../queries/transaction-reads';
import { bookingResource } from './transaction-resources';

const STATES = ['pending', 'proposed', 'accepted', 'declined', 'cancelled'];
const KEYS = ['listingId', 'listing_id', 'start', 'end', 'state', 'states'];

const timestamp = (query: Record<string, string>, key: string): string | undefined => {
  if (query[key] === undefined) return undefined;
  const d = new Date(query[key]);
  if (Number.isNaN(d.getTime())) throw invalidValue([key], 'query', `${key} must be a timestamp`);
  return d.toISOString();
};

/**
 * Marketplace API bookings/query: the bookings of one of the caller's own listings (403 for another's), those
 * overlapping [start, end) when given, in the given states (`state` or `states`, comma-separated), earliest first.
 */
@Controller('v1/api')
export class BookingsMarketplaceController {
  constructor(
    private readonly reads: TransactionReads,
    private readonly queries: QueryBus,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('bookings/query', USER_TOKEN, { paginated: true, query: BookingsQueryParams, returns: BOOKING_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const q = api.query;
    const unknown = Object.keys(q).find((k) => !KEYS.includes(k));
    if (unknown) throw disallowedKey([unknown], 'query', `bookings/query takes no parameter ${unknown}`);
    const listingId = q.listingId ?? q.listing_id;
    if (!listingId) throw missingKey(['listingId'], 'query', 'listingId is required');
    if (!isUuid(listingId)) throw invalidValue(['listingId'], 'query', 'listingId must be a UUID');
    const start = timestamp(q, 'start');
    const end = timestamp(q, 'end');
    if (start && end && end <= start) throw invalidValue(['end'], 'query', 'end must be after start');
    const states = splitList(q.states ?? q.state ?? '').filter((s) => s !== '');
    const bad = states.find((s) => !STATES.includes(s));
    if (bad) throw invalidValue([q.states ? 'states' : 'state'], 'query', `a booking state is one of ${STATES.join(', ')}`);
    const listing = await this.queries.execute<FindListingQuery, StoredListing | null>(new FindListingQuery(api.auth.marketplaceId, listingId));
    if (!listing) return this.respond.many(api, [], paginationMeta(0, api.common));
    if (listing.relationships.author.data?.id.uuid !== api.auth.userId) throw forbidden("Only the listing's author can query its bookings.");
    const where: FieldCondition[] = [{ field: 'listingId', op: 'eq', value: listingId }];
    if (start) where.push({ field: 'end', op: 'range', gte: new Date(Date.parse(start) + 1).toISOString() });
    if (end) where.push({ field: 'start', op: 'range', lt: end });
    if (states.length > 0) where.push({ field: 'state', op: 'in', values: states });
    const { page, perPage } = api.common;
    const found = await this.reads.bookings(api.auth.marketplaceId, where, { offset: (page - 1) * perPage, limit: perPage });
    return this.respond.many(api, found.items.map(bookingResource), paginationMeta(found.total, api.common));
  }
}
