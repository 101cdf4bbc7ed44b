import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { CLOCK, type Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { MarketplaceCommand, marketplaceDecider, MarketplaceState } from '../domain/marketplace.decider';
import { marketplaceStream } from '../marketplace-streams';

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
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ marketplaceId, command }: UpdateMarketplaceCommand): Promise<MarketplaceState> {
    const { after } = await this.runner.run({
      ctx: operatorContext(marketplaceId, this.clock.now()),
      streams: { marketplace: marketplaceStream(marketplaceId) },
      decide: (s) => ({ events: { marketplace: marketplaceDecider.decide(command, s.marketplace) } }),
    });
    return after.marketplace;
  }
}
