import type { ApiRequest } from '../../http/api-request';
import { splitList } from '../../http/common-params';
import { isRealTimestamp } from '../../http/validation';
import { disallowedKey, invalidValue } from '../../shared/api-error';
import type { FieldCondition, SortKey } from '../../read-models/document-store.port';
import { isUuid } from '../../shared/values';
import type { TransactionFilter } from '../queries/transaction-reads';

const LISTS: Record<string, string> = { lastTransitions: 'lastTransition', states: 'state', processNames: 'processName' };
const FLAGS = ['hasMessage', 'hasPayin', 'hasBooking', 'hasStockReservation'];
const SORTS: Record<string, string> = { createdAt: 'createdAt', lastTransitionedAt: 'lastTransitionedAt', lastMessageAt: 'lastMessageAt', bookingStart: 'bookingStart', bookingEnd: 'bookingEnd' };
const INTEGRATION_IDS: Record<string, string> = { userId: 'parties', customerId: 'customerId', providerId: 'providerId', listingId: 'listingId' };

const timestamp = (key: string, value: string): string => {
  const d = new Date(value);
  if (!isRealTimestamp(value) || Number.isNaN(d.getTime())) throw invalidValue([key], 'query', `${key} must be a timestamp`);
  return d.toISOString();
};

/**
 * transactions/query of both APIs (reference §4.1): list filters (comma-separated), presence flags, createdAt
 * range, sort (a name sorts newest first, `-name` oldest first). The Marketplace API scopes to the caller
 * (`only=sale|order`); the Integration API filters by user, customer, provider and listing; `bookingStates` and
 * the booking range `bookingStart`/`bookingEnd` (overlap) filter by the transaction's booking.
 */
export const parseTransactionQuery = (api: ApiRequest, scope: { kind: 'user'; userId: string } | { kind: 'integration' }): TransactionFilter => {
  const where: FieldCondition[] = [];
  const filter: TransactionFilter = { where };
  for (const [key, value] of Object.entries(api.query)) {
    if (key in LISTS) where.push({ field: LISTS[key], op: 'in', values: splitList(value).map((v) => (key === 'states' && !v.startsWith('state/') ? `state/${v}` : v)) });
    else if (FLAGS.includes(key)) {
      if (value !== 'true' && value !== 'false') throw invalidValue([key], 'query', `${key} must be true or false`);
      where.push({ field: key, op: 'eq', value: value === 'true' });
    } else if (key === 'bookingStates') where.push({ field: 'bookingState', op: 'in', values: splitList(value) });
    // The booking overlaps the range: it ends after bookingStart and starts before bookingEnd.
    else if (key === 'bookingStart') where.push({ field: 'bookingEnd', op: 'range', gte: new Date(Date.parse(timestamp(key, value)) + 1).toISOString() });
    else if (key === 'bookingEnd') where.push({ field: 'bookingStart', op: 'range', lt: timestamp(key, value) });
    else if (key === 'stockReservationStates') where.push({ field: 'stockReservationState', op: 'in', values: splitList(value) });
    else if (key === 'createdAtStart') filter.createdAtStart = timestamp(key, value);
    else if (key === 'createdAtEnd') filter.createdAtEnd = timestamp(key, value);
    else if (key === 'sort') {
      filter.sort = splitList(value).map((s): SortKey => {
        const name = s.replace(/^-/, '');
        if (!(name in SORTS)) throw invalidValue(['sort'], 'query', `sort is one of ${Object.keys(SORTS).join(', ')}, optionally prefixed with -`);
        return { field: SORTS[name], direction: s.startsWith('-') ? 'asc' : 'desc' };
      });
    } else if (scope.kind === 'user' && key === 'only') {
      if (value !== 'sale' && value !== 'order') throw invalidValue(['only'], 'query', 'only is sale or order');
    } else if (scope.kind === 'integration' && key in INTEGRATION_IDS) {
      if (!isUuid(value)) throw invalidValue([key], 'query', `${key} must be a UUID`);
      where.push(key === 'userId' ? { field: 'parties', op: 'in', values: [value] } : { field: INTEGRATION_IDS[key], op: 'eq', value });
    } else throw disallowedKey([key], 'query', `transactions/query takes no parameter ${key}`);
  }
  if (scope.kind === 'user') {
    const only = api.query.only;
    where.push(only === 'sale' ? { field: 'providerId', op: 'eq', value: scope.userId } : only === 'order' ? { field: 'customerId', op: 'eq', value: scope.userId } : { field: 'parties', op: 'in', values: [scope.userId] });
  }
  return filter;
};
