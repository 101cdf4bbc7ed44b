import { arrayOf, boolean, enumOf, extendedData, integer, money, nullable, objectOf, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/** The transaction context's answer shapes (src/transactions/domain/transaction.views.ts): the same in both APIs. */
const decimal = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: 'A decimal (Transit: a BigDecimal)' };

const LINE_ITEM = objectOf(
  {
    code: string,
    unitPrice: money,
    lineTotal: money,
    quantity: decimal,
    percentage: decimal,
    seats: integer,
    units: decimal,
    includeFor: arrayOf(enumOf('customer', 'provider')),
    reversal: boolean,
  },
  ['quantity', 'percentage', 'seats', 'units'],
);

export const TRANSACTION_SCHEMA = resourceSchema('transaction', {
  createdAt: timestamp,
  processName: string,
  processVersion: integer,
  state: nullable({ type: 'string', pattern: '^state/' }),
  lastTransition: nullable({ type: 'string', pattern: '^transition/' }),
  lastTransitionedAt: nullable(timestamp),
  transitions: arrayOf(objectOf({ transition: string, createdAt: timestamp, by: string })),
  lineItems: arrayOf(LINE_ITEM),
  payinTotal: nullable(money),
  payoutTotal: nullable(money),
  protectedData: extendedData,
  metadata: extendedData,
});

export const MESSAGE_SCHEMA = resourceSchema('message', { content: string, createdAt: timestamp });

export const REVIEW_SCHEMA = resourceSchema('review', {
  type: enumOf('ofProvider', 'ofCustomer'),
  state: enumOf('public', 'pending'),
  rating: nullable(integer),
  content: string,
  createdAt: timestamp,
  deleted: boolean,
});

export const BOOKING_SCHEMA = resourceSchema('booking', {
  seats: integer,
  start: timestamp,
  end: timestamp,
  displayStart: timestamp,
  displayEnd: timestamp,
  state: enumOf('pending', 'proposed', 'accepted', 'declined', 'cancelled'),
});

/** Marketplace API process_transitions/query: the transitions the transaction's state allows next. */
export const PROCESS_TRANSITION_SCHEMA = resourceSchema('processTransition', {
  name: string,
  actor: arrayOf(string),
  actions: arrayOf(string),
  params: objectOf({ req: arrayOf(string), opt: arrayOf(string) }),
});
