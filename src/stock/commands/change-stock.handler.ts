import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { StockCommand } from '../domain/stock.decider';
import { StockActor, stockDecision, stockStreams } from '../stock-decision';

export type StockChange = { type: 'compare-and-set'; oldTotal: number | null; newTotal: number } | { type: 'adjust'; quantity: number };

/** stock/compare_and_set and stock_adjustments/create; answers the id of the adjustment made (null for a no-op). */
export class ChangeStockCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly actor: StockActor,
    readonly listingId: string,
    readonly change: StockChange,
  ) {}
}

@CommandHandler(ChangeStockCommand)
export class ChangeStockHandler implements ICommandHandler<ChangeStockCommand, string | null> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, actor, listingId, change }: ChangeStockCommand): Promise<string | null> {
    const adjustmentId = this.ids.next();
    const command = { ...change, listingId, adjustmentId, at: ctx.now } as StockCommand;
    const outcome = await this.runner.run({
      ctx,
      streams: stockStreams(ctx.marketplaceId, listingId),
      decide: (s) => {
        const events = stockDecision(s, command, actor);
        return { events, result: events.stock.length > 0 ? adjustmentId : null };
      },
    });
    return outcome.result ?? null;
  }
}
