import { availabilityStream } from '../../availability/availability-streams';
import { availabilityDecider } from '../../availability/domain/availability.decider';
import type { AvailabilityEvent } from '../../availability/domain/availability.events';
import { seatDecision } from '../../availability/seat-ledger';
import { listingDecider } from '../../listings/domain/listing.decider';
import type { ListingEvent } from '../../listings/domain/listing.events';
import { listingStream } from '../../listings/listing-streams';
import { stockDecider } from '../../stock/domain/stock.decider';
import type { StockEvent } from '../../stock/domain/stock.events';
import { stockDecision } from '../../stock/stock-decision';
import { stockStream } from '../../stock/stock-streams';
import type { LedgerChange } from '../domain/action';
import type { TransitionSpec } from '../domain/process-definition';
import type { TransactionStates, TransactionStreams } from './transaction-decision';

const BOOKING = /^action\/(create-(pending-|proposed-)?booking|accept-booking|decline-booking|cancel-booking|update-booking)$/;
const STOCK = /^action\/.*-stock-reservation$/;

/**
 * The ledger streams a transition's actions need, beside the transaction's own: the listing (also read, not
 * changed, for the protected files it reveals), its seats, its stock.
 */
export const ledgerStreams = (marketplaceId: string, listingId: string, t: TransitionSpec | undefined): Pick<TransactionStreams, 'listing' | 'availability' | 'stock'> => {
  const names = (t?.actions ?? []).map((a) => a.name);
  const seats = names.some((n) => BOOKING.test(n));
  const stock = names.some((n) => STOCK.test(n));
  const files = names.includes('action/reveal-listing-protected-files');
  return {
    ...(seats || stock || files ? { listing: listingStream(marketplaceId, listingId) } : {}),
    ...(seats ? { availability: availabilityStream(marketplaceId, listingId) } : {}),
    ...(stock ? { stock: stockStream(marketplaceId, listingId, 'source/transaction') } : {}),
  };
};

export interface LedgerContext {
  listingId: string;
  transactionId: string;
  now: Date;
  newId(): string;
}

/**
 * The ledgers' own decisions for a transition's ledger changes, in order, over the loaded states: the events to
 * append to each ledger stream together with the transaction's (the stock decision also moves the listing's
 * current stock). A ledger that refuses throws, so the transition stores nothing (all or nothing).
 */
export const ledgerEvents = (
  changes: LedgerChange[],
  s: Pick<TransactionStates, 'listing' | 'availability' | 'stock'>,
  c: LedgerContext,
): { availability?: AvailabilityEvent[]; stock?: StockEvent[]; listing?: ListingEvent[] } => {
  if (changes.length === 0) return {};
  // The streams the changes need were named by ledgerStreams from the same transition's actions.
  let listing = s.listing!;
  let availability = s.availability!;
  let stock = s.stock!;
  const out = { availability: [] as AvailabilityEvent[], stock: [] as StockEvent[], listing: [] as ListingEvent[] };
  const seats = (events: AvailabilityEvent[]) => {
    out.availability.push(...events);
    availability = events.reduce(availabilityDecider.evolve, availability);
  };
  for (const change of changes) {
    switch (change.type) {
      case 'reserve-seats':
      case 'check-seats': {
        const { bookingId, start, end, seats: count } = change.claim;
        const events = seatDecision({ listing, availability }, { type: 'reserve', booking: { bookingId, listingId: c.listingId, start: new Date(start), end: new Date(end), seats: count } });
        if (change.type === 'reserve-seats') seats(events);
        break;
      }
      case 'release-seats':
        seats(seatDecision({ listing, availability }, { type: 'release', bookingId: change.bookingId, listingId: c.listingId }));
        break;
      default: {
        const at = { listingId: c.listingId, adjustmentId: c.newId(), at: c.now };
        const command =
          change.type === 'reserve-stock'
            ? { ...at, type: 'reserve' as const, reservationId: change.reservationId, transactionId: c.transactionId, quantity: change.quantity, state: change.state }
            : { ...at, type: ({ 'accept-stock': 'accept', 'decline-stock': 'decline', 'cancel-stock': 'cancel' } as const)[change.type], reservationId: change.reservationId };
        const decided = stockDecision({ listing, stock }, command, { kind: 'transition' });
        out.stock.push(...decided.stock);
        out.listing.push(...decided.listing);
        stock = decided.stock.reduce(stockDecider.evolve, stock);
        listing = decided.listing.reduce(listingDecider.evolve, listing);
      }
    }
  }
  return Object.fromEntries(Object.entries(out).filter(([, events]) => events.length > 0));
};
