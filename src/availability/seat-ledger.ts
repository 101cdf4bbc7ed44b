import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import type { ListingState } from '../listings/domain/listing.state';
import { listingStream } from '../listings/listing-streams';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { availabilityStream } from './availability-streams';
import { availabilityDecider, AvailabilityState, seatsFreeFor } from './domain/availability.decider';
import type { AvailabilityEvent } from './domain/availability.events';
import type { SeatBooking, SeatLedger } from './seat-ledger.port';

/** The streams a seat decision reads: the listing (its plan; read only) and its availability stream (appended to). */
export const seatStreams = (marketplaceId: string, listingId: string) => ({
  listing: listingStream(marketplaceId, listingId),
  availability: availabilityStream(marketplaceId, listingId),
});

const liveListing = (listing: ListingState): ListingState => {
  if (!listing.exists || listing.deleted) throw conflict('transaction-listing-not-found', 'The listing does not exist.');
  return listing;
};

/** The pure seat decision, for commands that compose it with others (a transition). */
export const seatDecision = (
  states: { listing: ListingState; availability: AvailabilityState },
  change: { type: 'reserve'; booking: SeatBooking } | { type: 'release'; bookingId: string; listingId: string },
): AvailabilityEvent[] => {
  if (change.type === 'release') return availabilityDecider.decide({ type: 'release-seats', bookingId: change.bookingId, listingId: change.listingId }, states.availability);
  const plan = liveListing(states.listing).availabilityPlan;
  return availabilityDecider.decide({ type: 'reserve-seats', request: change.booking, plan }, states.availability);
};

/** The seat ledger on the event store: one decision per call on the listing's availability stream, through the runner. */
@Injectable()
export class EventSourcedSeatLedger implements SeatLedger {
  constructor(private readonly runner: CommandRunner) {}

  async check(ctx: CommandContext, booking: SeatBooking): Promise<boolean> {
    const refs = seatStreams(ctx.marketplaceId, booking.listingId);
    const [listing, availability] = await Promise.all([this.runner.state(refs.listing), this.runner.state(refs.availability)]);
    const plan = liveListing(listing).availabilityPlan;
    if (availability.reservations.has(booking.bookingId)) return true;
    return seatsFreeFor(availability, plan, booking, booking.seats);
  }

  async reserve(ctx: CommandContext, booking: SeatBooking): Promise<void> {
    await this.runner.run({
      ctx,
      streams: seatStreams(ctx.marketplaceId, booking.listingId),
      decide: (s) => ({ events: { availability: seatDecision(s, { type: 'reserve', booking }) } }),
    });
  }

  async release(ctx: CommandContext, booking: Pick<SeatBooking, 'bookingId' | 'listingId'>): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { availability: availabilityStream(ctx.marketplaceId, booking.listingId) },
      decide: (s) => ({ events: { availability: availabilityDecider.decide({ type: 'release-seats', ...booking }, s.availability) } }),
    });
  }
}
