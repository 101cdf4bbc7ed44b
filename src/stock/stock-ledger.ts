import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import type { CommandContext } from '../shared/command-context';
import { IDS, type IdGenerator } from '../shared/ids';
import type { StockCommand } from './domain/stock.decider';
import { stockDecision, stockStreams } from './stock-decision';
import type { ReservationRef, StockLedger, StockReservationRequest } from './stock-ledger.port';

/** The stock ledger on the event store: one decision per call over the listing's stock and listing streams. */
@Injectable()
export class EventSourcedStockLedger implements StockLedger {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  reserve(ctx: CommandContext, r: StockReservationRequest): Promise<void> {
    return this.run(ctx, r.listingId, { type: 'reserve', reservationId: r.reservationId, transactionId: r.transactionId, quantity: r.quantity, state: r.state ?? 'pending' });
  }

  accept(ctx: CommandContext, r: ReservationRef): Promise<void> {
    return this.run(ctx, r.listingId, { type: 'accept', reservationId: r.reservationId });
  }

  decline(ctx: CommandContext, r: ReservationRef): Promise<void> {
    return this.run(ctx, r.listingId, { type: 'decline', reservationId: r.reservationId });
  }

  cancel(ctx: CommandContext, r: ReservationRef): Promise<void> {
    return this.run(ctx, r.listingId, { type: 'cancel', reservationId: r.reservationId });
  }

  private async run(ctx: CommandContext, listingId: string, change: DistributiveOmit<StockCommand, 'listingId' | 'adjustmentId' | 'at'>): Promise<void> {
    const command = { ...change, listingId, adjustmentId: this.ids.next(), at: ctx.now } as StockCommand;
    await this.runner.run({ ctx, streams: stockStreams(ctx.marketplaceId, listingId), decide: (s) => ({ events: stockDecision(s, command, { kind: 'transition' }) }) });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
