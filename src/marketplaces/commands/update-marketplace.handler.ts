import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import { streams } from '../../event-store/stream-names';
import { CLOCK } from '../../infrastructure/tokens';
import type { Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { fold } from '../../shared/decider';
import { internalEvents } from '../../shared/event-publishing';
import { MarketplaceCommand, marketplaceDecider, MarketplaceState, marketplaceView } from '../domain/marketplace.decider';
import type { MarketplaceEvent } from '../domain/marketplace.events';

/** An operator's change to a marketplace: settings, name, identity providers. */
export class UpdateMarketplaceCommand {
  constructor(
    readonly marketplaceId: string,
    readonly command: Exclude<MarketplaceCommand, { type: 'create' }>,
  ) {}
}

@CommandHandler(UpdateMarketplaceCommand)
export class UpdateMarketplaceHandler implements ICommandHandler<UpdateMarketplaceCommand, MarketplaceState> {
  constructor(
    private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ marketplaceId, command }: UpdateMarketplaceCommand): Promise<MarketplaceState> {
    return this.log.retrying(async () => {
      const streamId = streams.marketplace(marketplaceId);
      const loaded = await this.log.load(streamId);
      const state = fold(marketplaceDecider.evolve, marketplaceDecider.initialState(), loaded.events as unknown as MarketplaceEvent[]);
      const events = marketplaceDecider.decide(command, state);
      const after = events.reduce(marketplaceDecider.evolve, state);
      await this.log.append([
        { streamId, expectedRevision: loaded.expectedRevision, events: internalEvents(operatorContext(marketplaceId, this.clock.now()), events, marketplaceView(after)) },
      ]);
      return after;
    });
  }
}
