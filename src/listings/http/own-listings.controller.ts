import { Controller, Inject } from '@nestjs/common';
import { OWN_LISTING_SCHEMA } from './listing.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { fileIdsOf } from '../../files/file-attachment-input';
import { Requires } from '../../http/access';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { forbidden, notFound } from '../../shared/api-error';
import { ChangeListingCommand, CreateListingCommand, ListingChange } from '../commands/listing.handlers';
import type { Actor } from '../domain/listing.decider';
import { authorIdOf, isLive, ownListingView } from '../domain/listing.views';
import { ListingReads } from './listing-reads';
import { LISTING_FILTER_PREFIXES, LISTING_QUERY_PARAMS } from './listing-query.params';
import { listingUpdateOf, newListingOf } from './listing-input';
import { AddImageBody, CreateOwnListingBody, ListingIdBody, ShowListingQuery, UpdateOwnListingBody } from './listing.dto';

/**
 * Marketplace API own_listings/*: the signed-in user's listings, in every state, as `ownListing`. Posting
 * rights and user states are enforced by the shared access policy (@Requires): 403
 * permission-denied-post-listings, user-pending-approval.
 */
@Controller('v1/api/own_listings')
export class OwnListingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ListingReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiCommand('create', USER_TOKEN, { body: CreateOwnListingBody, returns: OWN_LISTING_SCHEMA })
  @Requires('postListings')
  create(@Api() api: ApiRequest) {
    return this.createListing(api, 'publish');
  }

  @ApiCommand('create_draft', USER_TOKEN, { body: CreateOwnListingBody, returns: OWN_LISTING_SCHEMA })
  @Requires('postListings')
  createDraft(@Api() api: ApiRequest) {
    return this.createListing(api, 'draft');
  }

  @ApiCommand('publish_draft', USER_TOKEN, { body: ListingIdBody, returns: OWN_LISTING_SCHEMA })
  @Requires('postListings')
  publishDraft(@Api() api: ApiRequest) {
    return this.change(api, (actor) => ({ type: 'publish-draft', actor }));
  }

  @ApiCommand('discard_draft', USER_TOKEN, { body: ListingIdBody, returns: OWN_LISTING_SCHEMA })
  @Requires('approvedUser')
  discardDraft(@Api() api: ApiRequest) {
    return this.change(api, (actor) => ({ type: 'discard-draft', actor, now: this.clock.now() }));
  }

  @ApiCommand('open', USER_TOKEN, { body: ListingIdBody, returns: OWN_LISTING_SCHEMA })
  @Requires('postListings')
  open(@Api() api: ApiRequest) {
    return this.change(api, (actor) => ({ type: 'open', actor }));
  }

  @ApiCommand('close', USER_TOKEN, { body: ListingIdBody, returns: OWN_LISTING_SCHEMA })
  @Requires('approvedUser')
  close(@Api() api: ApiRequest) {
    return this.change(api, (actor) => ({ type: 'close', actor }));
  }

  @ApiCommand('update', USER_TOKEN, { body: UpdateOwnListingBody, returns: OWN_LISTING_SCHEMA })
  @Requires('approvedUser')
  update(@Api() api: ApiRequest) {
    const { id, ...fields } = bodyOf(api, UpdateOwnListingBody);
    return this.run(api, id, { type: 'update', actor: this.actor(api), update: listingUpdateOf(fields) }, fileIdsOf(fields.protectedFileAttachments, 'protectedFileAttachments'));
  }

  @ApiCommand('add_image', USER_TOKEN, { body: AddImageBody, returns: OWN_LISTING_SCHEMA })
  @Requires('approvedUser')
  addImage(@Api() api: ApiRequest) {
    const { id, imageId } = bodyOf(api, AddImageBody);
    return this.run(api, id, { type: 'add-image', actor: this.actor(api), imageId });
  }

  @ApiQuery('show', USER_TOKEN, { query: ShowListingQuery, returns: OWN_LISTING_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowListingQuery);
    const listing = await this.reads.find(api.auth.marketplaceId, id);
    if (!isLive(listing)) throw notFound('No such listing.');
    if (authorIdOf(listing) !== api.auth.userId) throw forbidden('The listing belongs to another user.');
    return this.respond.one(api, ownListingView(listing), 'listing');
  }

  @ApiQuery('query', USER_TOKEN, { paginated: true, query: LISTING_QUERY_PARAMS.own, filterPrefixes: LISTING_FILTER_PREFIXES, returns: OWN_LISTING_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const { listings, meta } = await this.reads.query(api, 'own', api.auth.userId!);
    return this.respond.many(api, listings.map(ownListingView), meta);
  }

  private actor(api: ApiRequest): Actor {
    return { kind: 'author', userId: api.auth.userId! };
  }

  private async createListing(api: ApiRequest, start: 'draft' | 'publish') {
    const body = bodyOf(api, CreateOwnListingBody);
    const listingId = await this.commands.execute<CreateListingCommand, string>(
      new CreateListingCommand(commandContextOf(api, this.clock), api.auth.userId!, start, newListingOf(body), 'author', fileIdsOf(body.protectedFileAttachments, 'protectedFileAttachments')),
    );
    return this.answer(api, listingId);
  }

  private change(api: ApiRequest, command: (actor: Actor) => ListingChange) {
    const { id } = bodyOf(api, ListingIdBody);
    return this.run(api, id, command(this.actor(api)));
  }

  private async run(api: ApiRequest, listingId: string, command: ListingChange, fileIds?: string[]) {
    await this.commands.execute(new ChangeListingCommand(commandContextOf(api, this.clock), listingId, command, fileIds));
    return this.answer(api, listingId);
  }

  private async answer(api: ApiRequest, listingId: string) {
    const listing = await this.reads.find(api.auth.marketplaceId, listingId);
    return this.respond.command(api, ownListingView(listing!));
  }
}
