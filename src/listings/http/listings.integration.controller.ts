import { Controller, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { ImageDirectory } from '../../images/image-directory';
import { CLOCK } from '../../infrastructure/tokens';
import { conflict } from '../../shared/api-error';
import type { Clock } from '../../shared/clock';
import type { StoredUser } from '../../users/domain/user.views';
import { FindUserQuery } from '../../users/queries/find-user.query';
import { ChangeListingCommand, CreateListingCommand } from '../commands/listing.handlers';
import type { ListingCommand } from '../domain/listing.decider';
import { imageIdsOf, integrationListing, isLive } from '../domain/listing.views';
import { ListingReads } from '../listing-reads';
import { listingUpdateOf, newListingOf } from './listing-input';
import { CreateIntegrationListingBody, ListingIdBody, NoParams, ShowListingQuery, UpdateIntegrationListingBody } from './listing.dto';

const operator = { kind: 'operator' } as const;

/** Integration API listings/*: every listing in every state, every attribute; operators write metadata and approve. */
@Controller('v1/integration_api/listings')
export class ListingsIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly reads: ListingReads,
    private readonly respond: Responder,
    private readonly images: ImageDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', INTEGRATION_TOKEN)
  async show(@Api() api: ApiRequest) {
    const { id } = validateParams(ShowListingQuery, api.query, 'query');
    const listing = await this.reads.find(api.auth.marketplaceId, id);
    return this.respond.one(api, isLive(listing) ? integrationListing(listing) : null, 'listing');
  }

  @ApiQuery('query', INTEGRATION_TOKEN, { paginated: true })
  async query(@Api() api: ApiRequest) {
    const { listings, meta } = await this.reads.query(api, 'integration');
    return this.respond.many(api, listings.map(integrationListing), meta);
  }

  @ApiCommand('create', INTEGRATION_TOKEN)
  async create(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const { authorId, state, ...body } = validateParams(CreateIntegrationListingBody, api.body, 'body');
    const author = await this.queries.execute<FindUserQuery, StoredUser | null>(new FindUserQuery(api.auth.marketplaceId, { id: authorId }));
    const a = author?.attributes as { deleted?: boolean; state?: string } | undefined;
    if (!a || a.deleted) throw conflict('user-not-found', 'authorId matches no user of the marketplace.');
    if (a.state === 'banned') throw conflict('user-is-banned', 'The author is banned.');
    if (a.state === 'pendingApproval') throw conflict('user-pending-approval', 'The author is waiting for approval.');
    if (body.images) await this.images.assertUsable(api.auth.marketplaceId, null, body.images, ['images']);
    const listingId = await this.commands.execute<CreateListingCommand, string>(
      new CreateListingCommand(commandContextOf(api, this.clock), authorId, state, newListingOf(body)),
    );
    return this.answer(api, listingId);
  }

  @ApiCommand('update', INTEGRATION_TOKEN)
  async update(@Api() api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    const { id, ...fields } = validateParams(UpdateIntegrationListingBody, api.body, 'body');
    if (fields.images) {
      const current = await this.reads.find(api.auth.marketplaceId, id);
      const attached = new Set(isLive(current) ? imageIdsOf(current) : []);
      await this.images.assertUsable(api.auth.marketplaceId, null, fields.images.filter((i) => !attached.has(i)), ['images']);
    }
    return this.run(api, id, { type: 'update', actor: operator, update: listingUpdateOf(fields) });
  }

  @ApiCommand('open', INTEGRATION_TOKEN)
  open(@Api() api: ApiRequest) {
    return this.change(api, { type: 'open', actor: operator });
  }

  @ApiCommand('close', INTEGRATION_TOKEN)
  close(@Api() api: ApiRequest) {
    return this.change(api, { type: 'close', actor: operator });
  }

  @ApiCommand('approve', INTEGRATION_TOKEN)
  approve(@Api() api: ApiRequest) {
    return this.change(api, { type: 'approve', actor: operator });
  }

  private change(api: ApiRequest, command: Exclude<ListingCommand, { type: 'create' }>) {
    validateParams(NoParams, api.query, 'query');
    const { id } = validateParams(ListingIdBody, api.body, 'body');
    return this.run(api, id, command);
  }

  private async run(api: ApiRequest, listingId: string, command: Exclude<ListingCommand, { type: 'create' }>) {
    await this.commands.execute(new ChangeListingCommand(commandContextOf(api, this.clock), listingId, command));
    return this.answer(api, listingId);
  }

  private async answer(api: ApiRequest, listingId: string) {
    const listing = await this.reads.find(api.auth.marketplaceId, listingId);
    return this.respond.command(api, integrationListing(listing!));
  }
}
