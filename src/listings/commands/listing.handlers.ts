import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import { IDS } from '../../infrastructure/tokens';
import type { CommandContext } from '../../shared/command-context';
import type { IdGenerator } from '../../shared/ids';
import { ListingCommand, listingDecider, NewListing } from '../domain/listing.decider';
import { listingLogEvents, loadListing } from '../listing-stream';

export class CreateListingCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly authorId: string,
    readonly state: 'draft' | 'pendingApproval' | 'published',
    readonly listing: NewListing,
  ) {}
}

/** A new listing stream; answers the listing's id. */
@CommandHandler(CreateListingCommand)
export class CreateListingHandler implements ICommandHandler<CreateListingCommand, string> {
  constructor(
    private readonly log: EventLog,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, authorId, state, listing }: CreateListingCommand): Promise<string> {
    const listingId = this.ids.next();
    const loaded = await loadListing(this.log, ctx.marketplaceId, listingId);
    const events = listingDecider.decide(
      { type: 'create', listingId, marketplaceId: ctx.marketplaceId, authorId, state, listing, now: ctx.now },
      loaded.state,
    );
    await this.log.append([{ streamId: loaded.streamId, expectedRevision: 'no_stream', events: listingLogEvents(ctx, listingId, loaded.state, events) }]);
    return listingId;
  }
}

export class ChangeListingCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly listingId: string,
    readonly command: Exclude<ListingCommand, { type: 'create' }>,
  ) {}
}

/** Every command on an existing listing: load, decide, append at the loaded revision; retried on a concurrent change. */
@CommandHandler(ChangeListingCommand)
export class ChangeListingHandler implements ICommandHandler<ChangeListingCommand, void> {
  constructor(private readonly log: EventLog) {}

  execute({ ctx, listingId, command }: ChangeListingCommand): Promise<void> {
    return this.log.retrying(async () => {
      const listing = await loadListing(this.log, ctx.marketplaceId, listingId);
      const events = listingDecider.decide(command, listing.state);
      await this.log.append([{ streamId: listing.streamId, expectedRevision: listing.expectedRevision, events: listingLogEvents(ctx, listingId, listing.state, events) }]);
    });
  }
}
