import { listingDecider } from '../listings/domain/listing.decider';
import type { ListingState } from '../listings/domain/listing.state';
import { listingStream } from '../listings/listing-streams';
import { apiError, conflict } from '../shared/api-error';
import { StockCommand, stockDecider, StockState } from './domain/stock.decider';
import type { ListingEvent } from '../listings/domain/listing.events';
import type { StockEvent } from './domain/stock.events';
import { stockStream } from './stock-streams';

/** Who changes stock: the listing's author (Marketplace API), an operator, or a transition (the ledger). */
export type StockActor = { kind: 'author'; userId: string } | { kind: 'operator' } | { kind: 'transition' };

/** The streams every stock decision decides over: the stock and the listing, whose current total follows it. */
export const stockStreams = (marketplaceId: string, listingId: string) => ({
  listing: listingStream(marketplaceId, listingId),
  stock: stockStream(marketplaceId, listingId),
});

/**
 * A stock change and the listing's current total with it, in one decision (so search and `currentStock` never
 * disagree with the ledger). For commands that compose it with others (a transition), and for the handlers here.
 */
export const stockDecision = (
  states: { listing: ListingState; stock: StockState },
  command: StockCommand,
  actor: StockActor,
): { stock: StockEvent[]; listing: ListingEvent[] } => {
  const listing = states.listing;
  if (!listing.exists || listing.deleted) throw conflict(actor.kind === 'transition' ? 'transaction-listing-not-found' : 'listing-not-found', 'The listing does not exist.');
  if (actor.kind === 'author' && listing.authorId !== actor.userId) throw apiError(403, 'forbidden', 'The listing belongs to another user.');
  const stock = stockDecider.decide(command, states.stock);
  const after = stock.reduce(stockDecider.evolve, states.stock);
  const total = after.defined ? after.total : null;
  const events = total === null ? [] : listingDecider.decide({ type: 'set-current-stock', quantity: total }, listing);
  return { stock, listing: events };
};
