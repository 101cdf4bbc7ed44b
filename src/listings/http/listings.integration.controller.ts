import { Controller, Inject } from '@nestjs/common';
import { INTEGRATION_LISTING_SCHEMA } from './listing.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { fileIdsOf } from '../../files/file-attachment-input';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { ChangeListingCommand, CreateListingCommand, ListingChange } from '../commands/listing.handlers';
import { integrationListing, isLive } from '../domain/listing.views';
import { ListingReads } from './listing-reads';
import { LISTING_FILTER_PREFIXES, LISTING_QUERY_PARAMS } from './listing-query.params';
import { listingUpdateOf, newListingOf } from './listing-input';
import { CreateIntegrationListingBody, ListingIdBody, ShowListingQuery, UpdateIntegrationListingBody } from './listing.dto';

const operator = { kind: 'operator' } as const;

/** Integration API listings/*: every listing in every state, every attribute; operators write metadata and approve. */
@Controller('v1/integration_api/listings')
export class ListingsIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ListingReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', INTEGRATION_TOKEN, { query: ShowListingQuery, returns: INTEGRATION_LISTING_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowListingQuery);
    const listing = await this.reads.find(api.auth.marketplaceId, id);
    return this.respond.one(api, isLive(listing) ? integrationListing(listing) : null, 'listing');
  }

  @ApiQuery('query', INTEGRATION_TOKEN, { paginated: true, query: LISTING_QUERY_PARAMS.integration, filterPrefixes: LISTING_FILTER_PREFIXES, returns: INTEGRATION_LISTING_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const { listings, meta } = await this.reads.query(api, 'integration');
    return this.respond.many(api, listings.map(integrationListing), meta);
  }

  @ApiCommand('create', INTEGRATION_TOKEN, { body: CreateIntegrationListingBody, returns: INTEGRATION_LISTING_SCHEMA })
  async create(@Api() api: ApiRequest) {
    const { authorId, state, ...body } = bodyOf(api, CreateIntegrationListingBody);
    const listingId = await this.commands.execute<CreateListingCommand, string>(
      new CreateListingCommand(commandContextOf(api, this.clock), authorId, state, newListingOf(body), 'operator', fileIdsOf(body.protectedFileAttachments, 'protectedFileAttachments')),
    );
    return this.answer(api, listingId);
  }

  @ApiCommand('update', INTEGRATION_TOKEN, { body: UpdateIntegrationListingBody, returns: INTEGRATION_LISTING_SCHEMA })
  async update(@Api() api: ApiRequest) {
    const { id, ...fields } = bodyOf(api, UpdateIntegrationListingBody);
    return this.run(api, id, { type: 'update', actor: operator, update: listingUpdateOf(fields) }, fileIdsOf(fields.protectedFileAttachments, 'protectedFileAttachments'));
  }

  @ApiCommand('open', INTEGRATION_TOKEN, { body: ListingIdBody, returns: INTEGRATION_LISTING_SCHEMA })
  open(@Api() api: ApiRequest) {
    return this.change(api, { type: 'open', actor: operator });
  }

  @ApiCommand('close', INTEGRATION_TOKEN, { body: ListingIdBody, returns: INTEGRATION_LISTING_SCHEMA })
  close(@Api() api: ApiRequest) {
    return this.change(api, { type: 'close', actor: operator });
  }

  @ApiCommand('approve', INTEGRATION_TOKEN, { body: ListingIdBody, returns: INTEGRATION_LISTING_SCHEMA })
  approve(@Api() api: ApiRequest) {
    return this.change(api, { type: 'approve', actor: operator });
  }

  private change(api: ApiRequest, command: ListingChange) {
    const { id } = bodyOf(api, ListingIdBody);
    return this.run(api, id, command);
  }

  private async run(api: ApiRequest, listingId: string, command: ListingChange, fileIds?: string[]) {
    await this.commands.execute(new ChangeListingCommand(commandContextOf(api, this.clock), listingId, command, fileIds));
    return this.answer(api, listingId);
  }

  private async answer(api: ApiRequest, listingId: string) {
    const listing = await this.reads.find(api.auth.marketplaceId, listingId);
    return this.respond.command(api, integrationListing(listing!));
  }
}
