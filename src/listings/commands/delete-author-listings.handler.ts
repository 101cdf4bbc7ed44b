import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DOCUMENTS, type DocumentStore } from '../../read-models/document-store.port';
import type { CommandContext } from '../../shared/command-context';
import { LISTINGS } from '../listings.projection';
import { ChangeListingCommand } from './listing.handlers';

/**
 * A user's account is deleted or the user is banned: every listing of theirs is deleted (listing/deleted, one
 * per listing), as on the platform. Sent by the users context; the command class imports nothing of it.
 */
export class DeleteAuthorListingsCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly authorId: string,
  ) {}
}

const PAGE = 100;

@CommandHandler(DeleteAuthorListingsCommand)
export class DeleteAuthorListingsHandler implements ICommandHandler<DeleteAuthorListingsCommand, number> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  async execute({ ctx, authorId }: DeleteAuthorListingsCommand): Promise<number> {
    let deleted = 0;
    for (;;) {
      // Deleted listings leave the query, so the first page is always the next batch.
      const page = await this.documents.query<{ id: { uuid: string } | string }>(LISTINGS, {
        marketplaceId: ctx.marketplaceId,
        where: [
          { field: 'authorId', op: 'eq', value: authorId },
          { field: 'state', op: 'in', values: ['draft', 'pendingApproval', 'published', 'closed'] },
        ],
        offset: 0,
        limit: PAGE,
      });
      for (const listing of page.items) {
        const id = typeof listing.id === 'string' ? listing.id : listing.id.uuid;
        await this.commands.execute(new ChangeListingCommand(ctx, id, { type: 'delete', now: ctx.now }));
        deleted += 1;
      }
      if (page.items.length < PAGE) return deleted;
    }
  }
}
