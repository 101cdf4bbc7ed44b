import { availabilityStream } from '../../availability/availability-streams';
import { availabilityDecider, type AvailabilityState } from '../../availability/domain/availability.decider';
import type { AvailabilityEvent } from '../../availability/domain/availability.events';
import { seatDecision } from '../../availability/seat-ledger';
import type { ListingState } from '../../listings/domain/listing.state';
import { listingStream } from '../../listings/listing-streams';
import type { Streams } from '../../event-sourcing/command-runner';
import type { LedgerChange } from '../domain/action';
import type { TransitionSpec } from '../domain/process-definition';

const BOOKING = /^action\/(create-(pending-|proposed-)?booking|accept-booking|decline-booking|cancel-booking|update-booking)$/;

/** The ledger streams a transition's actions need, beside the transaction's own: the listing and its seats. */
export const ledgerStreams = (marketplaceId: string, listingId: string, t: TransitionSpec | undefined): Streams => {
  const names = (t?.actions ?? []).map((a) => a.name);
  if (!names.some((n) => BOOKING.test(n))) return {};
  return { listing: listingStream(marketplaceId, listingId), availability: availabilityStream(marketplaceId, listingId) };
};

/**
 * The ledgers' own decisions for a transition's ledger changes, in order, over the loaded states: the events to
 * append to each ledger stream together with the transaction's. A ledger that refuses throws, so the transition
 * stores nothing (all or nothing).
 */
export const ledgerEvents = (changes: LedgerChange[], s: Record<string, unknown>, listingId: string): Record<string, unknown[]> => {
  if (changes.length === 0) return {};
  const listing = s.listing as ListingState;
  let availability = s.availability as AvailabilityState;
  const seats: AvailabilityEvent[] = [];
  for (const c of changes) {
    if (c.type === 'reserve-seats' || c.type === 'check-seats') {
      const booking = { bookingId: c.claim.bookingId, listingId, start: new Date(c.claim.start), end: new Date(c.claim.end), seats: c.claim.seats };
      const events = seatDecision({ listing, availability }, { type: 'reserve', booking });
      if (c.type === 'check-seats') continue;
      seats.push(...events);
      availability = events.reduce(availabilityDecider.evolve, availability);
    } else if (c.type === 'release-seats') {
      const events = seatDecision({ listing, availability }, { type: 'release', bookingId: c.bookingId, listingId });
      seats.push(...events);
      availability = events.reduce(availabilityDecider.evolve, availability);
    }
  }
  return seats.length > 0 ? { availability: seats } : {};
};
