import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { attachFiles, MAX_LISTING_ATTACHMENTS } from '../../files/domain/file-attachments';
import type { StoredFile } from '../../files/domain/file.views';
import { FileDirectory } from '../../files/file-directory';
import { assertImagesUsable, imageStreams } from '../../images/image-streams';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { MarketplaceState } from '../../marketplaces/domain/marketplace.decider';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import { conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { UserState } from '../../users/domain/user.state';
import { userStream } from '../../users/user-streams';
import { Actor, ListingCommand, listingDecider, NewListing } from '../domain/listing.decider';
import type { ListingState } from '../domain/listing.state';
import { listingStream } from '../listing-streams';

/**
 * How a new listing starts: as a draft, published (or pending approval when the marketplace requires it), or in
 * the state an operator names. An author uses their own uploads as images; an operator any image of the marketplace.
 */
export class CreateListingCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly authorId: string,
    readonly start: 'draft' | 'publish' | 'pendingApproval' | 'published',
    readonly listing: NewListing,
    readonly actor: Actor['kind'],
    /** The files of `protectedFileAttachments`, in order; absent: none. */
    readonly fileIds?: string[],
  ) {}
}

/** Files a request names, read before the decision with an id for each position (a retried decision reuses them). */
const requestedFiles = async (files: FileDirectory, ids: IdGenerator, marketplaceId: string, fileIds: string[] | undefined) => ({
  files: fileIds?.length ? await files.findMany(marketplaceId, fileIds) : new Map<string, StoredFile>(),
  newIds: (fileIds ?? []).map(() => ids.next()),
});

/** The listing's protected attachments after a request that names `fileIds` (undefined: unchanged). */
const protectedFiles = (fileIds: string[] | undefined, read: Awaited<ReturnType<typeof requestedFiles>>, ownerId: string | null, listing: ListingState) =>
  fileIds === undefined
    ? undefined
    : attachFiles({ field: 'protectedFileAttachments', fileIds, files: read.files, ownerId, max: MAX_LISTING_ATTACHMENTS, newIds: read.newIds, existing: listing.protectedFileAttachments });

/**
 * A new listing stream, decided with the marketplace's settings (listing approval), the author's state (an
 * operator may not create listings for a missing, banned or pending author) and the images it attaches.
 */
@CommandHandler(CreateListingCommand)
export class CreateListingHandler implements ICommandHandler<CreateListingCommand, string> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
    private readonly files: FileDirectory,
  ) {}

  async execute({ ctx, authorId, start, listing, actor, fileIds }: CreateListingCommand): Promise<string> {
    const listingId = this.ids.next();
    const read = await requestedFiles(this.files, this.ids, ctx.marketplaceId, fileIds);
    await this.runner.run({
      ctx,
      streams: {
        listing: listingStream(ctx.marketplaceId, listingId),
        marketplace: marketplaceStream(ctx.marketplaceId),
        author: userStream(ctx.marketplaceId, authorId),
        ...imageStreams(ctx.marketplaceId, listing.images ?? []),
      },
      decide: (s) => {
        if (actor === 'operator') assertAuthorMayPost(s.author as UserState);
        assertImagesUsable(s, listing.images ?? [], actor === 'author' ? authorId : null, ['images']);
        const requireApproval = (s.marketplace as MarketplaceState).settings.requireListingApproval;
        const state: 'draft' | 'pendingApproval' | 'published' =
          start === 'draft' ? 'draft' : start === 'publish' ? (requireApproval ? 'pendingApproval' : 'published') : start;
        const protectedFileAttachments = protectedFiles(fileIds, read, actor === 'author' ? authorId : null, s.listing as ListingState);
        const create = { type: 'create' as const, listingId, marketplaceId: ctx.marketplaceId, authorId, state, listing, now: ctx.now, protectedFileAttachments };
        return { events: { listing: listingDecider.decide(create, s.listing as ListingState) } };
      },
    });
    return listingId;
  }
}

const assertAuthorMayPost = (author: UserState): void => {
  if (!author.exists || author.deleted) throw conflict('user-not-found', 'authorId matches no user of the marketplace.');
  if (author.state === 'banned') throw conflict('user-is-banned', 'The author is banned.');
  if (author.state === 'pendingApproval') throw conflict('user-pending-approval', 'The author is waiting for approval.');
};

/** A change to an existing listing; `publish-draft` takes the approval rule from the marketplace's settings. */
export type ListingChange = Exclude<ListingCommand, { type: 'create' | 'publish-draft' }> | { type: 'publish-draft'; actor: Actor };

export class ChangeListingCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly listingId: string,
    readonly command: ListingChange,
    /** An update's `protectedFileAttachments`: the whole new list of files; absent: unchanged. */
    readonly fileIds?: string[],
  ) {}
}

/** Images a change attaches that the listing does not have yet, and where the request named them. */
const newImages = (command: ListingChange, listing: ListingState | undefined): { ids: string[]; path: string[] } => {
  const named = command.type === 'update' ? (command.update.images ?? []) : command.type === 'add-image' ? [command.imageId] : [];
  const attached = new Set(listing?.images ?? []);
  return { ids: named.filter((id) => !attached.has(id)), path: command.type === 'add-image' ? ['imageId'] : ['images'] };
};

/**
 * Every command on an existing listing, decided over the listing, the marketplace (approval) and the images it
 * newly attaches (only the listing's state says which are new, hence the second round of streams).
 */
@CommandHandler(ChangeListingCommand)
export class ChangeListingHandler implements ICommandHandler<ChangeListingCommand, void> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDS) private readonly ids: IdGenerator,
    private readonly files: FileDirectory,
  ) {}

  async execute({ ctx, listingId, command, fileIds }: ChangeListingCommand): Promise<void> {
    const read = await requestedFiles(this.files, this.ids, ctx.marketplaceId, fileIds);
    await this.runner.run({
      ctx,
      streams: (loaded) => ({
        listing: listingStream(ctx.marketplaceId, listingId),
        ...(command.type === 'publish-draft' ? { marketplace: marketplaceStream(ctx.marketplaceId) } : {}),
        ...(loaded.listing ? imageStreams(ctx.marketplaceId, newImages(command, loaded.listing as ListingState).ids) : {}),
      }),
      decide: (s) => {
        const listing = s.listing as ListingState;
        const decided: ListingCommand =
          command.type === 'publish-draft'
            ? { ...command, requireApproval: (s.marketplace as MarketplaceState).settings.requireListingApproval }
            : command.type === 'update' && fileIds !== undefined && listing.exists && !listing.deleted && (command.actor.kind === 'operator' || command.actor.userId === listing.authorId)
              ? { ...command, protectedFileAttachments: protectedFiles(fileIds, read, command.actor.kind === 'author' ? command.actor.userId : null, listing) }
              : command;
        // The listing's own rules first (not found, someone else's listing), then the images it attaches.
        const events = listingDecider.decide(decided, listing);
        const images = newImages(command, listing);
        if ('actor' in command) assertImagesUsable(s, images.ids, command.actor.kind === 'author' ? command.actor.userId : null, images.path);
        return { events: { listing: events } };
      },
    });
  }
}
