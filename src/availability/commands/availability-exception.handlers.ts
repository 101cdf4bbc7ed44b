import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { ListingState } from '../../listings/domain/listing.state';
import { listingStream } from '../../listings/listing-streams';
import { apiError, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import { IDS, type IdGenerator } from '../../shared/ids';
import { availabilityStream } from '../availability-streams';
import { availabilityDecider } from '../domain/availability.decider';

/** Who may change a listing's exceptions: its author (Marketplace API) or an operator (Integration API). */
export type ExceptionActor = { kind: 'author'; userId: string } | { kind: 'operator' };

/** The listing must exist; an author may only touch their own listing's availability. */
export const assertMayManage = (listing: ListingState, actor: ExceptionActor): void => {
  if (!listing.exists || listing.deleted) throw conflict('listing-not-found', 'The listing does not exist.');
  if (actor.kind === 'author' && listing.authorId !== actor.userId) throw apiError(403, 'forbidden', 'The listing belongs to another user.');
};

export class CreateAvailabilityExceptionCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly actor: ExceptionActor,
    readonly exception: { listingId: string; start: Date; end: Date; seats: number },
  ) {}
}

/** A new exception, decided over the listing (exists, the author's) and its availability stream (no overlap). */
@CommandHandler(CreateAvailabilityExceptionCommand)
export class CreateAvailabilityExceptionHandler implements ICommandHandler<CreateAvailabilityExceptionCommand, string> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async execute({ ctx, actor, exception }: CreateAvailabilityExceptionCommand): Promise<string> {
    const id = this.ids.next();
    const { listingId, start, end, seats } = exception;
    await this.runner.run({
      ctx,
      streams: { listing: listingStream(ctx.marketplaceId, listingId), availability: availabilityStream(ctx.marketplaceId, listingId) },
      decide: (s) => {
        assertMayManage(s.listing, actor);
        const data = { id, listingId, start: start.toISOString(), end: end.toISOString(), seats };
        return { events: { availability: availabilityDecider.decide({ type: 'create-exception', exception: data }, s.availability) } };
      },
    });
    return id;
  }
}

export class DeleteAvailabilityExceptionCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly actor: ExceptionActor,
    readonly listingId: string,
    readonly exceptionId: string,
  ) {}
}

@CommandHandler(DeleteAvailabilityExceptionCommand)
export class DeleteAvailabilityExceptionHandler implements ICommandHandler<DeleteAvailabilityExceptionCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx, actor, listingId, exceptionId }: DeleteAvailabilityExceptionCommand): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { listing: listingStream(ctx.marketplaceId, listingId), availability: availabilityStream(ctx.marketplaceId, listingId) },
      decide: (s) => {
        assertMayManage(s.listing, actor);
        return { events: { availability: availabilityDecider.decide({ type: 'delete-exception', id: exceptionId }, s.availability) } };
      },
    });
  }
}
