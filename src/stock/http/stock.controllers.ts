import { Controller, Inject } from '@nestjs/common';
import { STOCK_ADJUSTMENT_SCHEMA, STOCK_RESERVATION_SCHEMA, STOCK_SCHEMA } from './stock.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Requires } from '../../http/access';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { paginationMeta } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams, validateParams } from '../../http/validation';
import { authorIdOf, isLive } from '../../listings/domain/listing.views';
import { ListingLookup } from '../../listings/listing-lookup';
import { forbidden, invalidValue, missingKey } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { DAY_MS } from '../../availability/domain/availability-plan';
import { ChangeStockCommand, StockChange } from '../commands/change-stock.handler';
import type { StockActor } from '../stock-decision';
import { resourceOf, StockReads } from '../queries/stock.reads';
import { AdjustmentQueryParams, CompareAndSetBody, CreateAdjustmentBody, ShowReservationQuery } from './stock.dto';

/** stock/compare_and_set and stock_adjustments/{create,query}: one set of rules; an author changes only their own listings. */
abstract class StockEndpoints {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly reads: StockReads,
    protected readonly listings: ListingLookup,
    protected readonly respond: Responder,
    protected readonly clock: Clock,
  ) {}

  protected abstract actor(api: ApiRequest): StockActor;

  protected async compareAndSet(api: ApiRequest) {
    validateParams(NoParams, api.query, 'query');
    if (typeof api.body === 'object' && api.body !== null && !('oldTotal' in api.body)) throw missingKey(['oldTotal'], 'body', 'oldTotal is required (null when the listing has no stock).');
    const b = bodyOf(api, CompareAndSetBody);
    await this.change(api, b.listingId, { type: 'compare-and-set', oldTotal: b.oldTotal, newTotal: b.newTotal });
    const stock = await this.reads.stock(api.auth.marketplaceId, b.listingId);
    return this.respond.command(api, resourceOf(stock!));
  }

  protected async createAdjustment(api: ApiRequest) {
    const b = bodyOf(api, CreateAdjustmentBody);
    const id = await this.change(api, b.listingId, { type: 'adjust', quantity: b.quantity });
    return this.respond.command(api, resourceOf((await this.reads.adjustment(api.auth.marketplaceId, id!))!));
  }

  /** Adjustments of a listing with `start` ≤ at < `end`, by `at`; windows as the spec limits them. */
  protected async queryAdjustments(api: ApiRequest) {
    const p = queryOf(api, AdjustmentQueryParams);
    const now = this.clock.now().getTime();
    const [start, end] = [p.start.getTime(), p.end.getTime()];
    if (start < now - 366 * DAY_MS || start > now + DAY_MS) throw invalidValue(['start'], 'query', 'start must be between 366 days ago and 1 day from now.');
    if (end <= start || end > now + DAY_MS || end - start > 366 * DAY_MS) throw invalidValue(['end'], 'query', 'end must be after start, at most 1 day from now and at most 366 days after start.');
    const actor = this.actor(api);
    // A user reads the adjustments of their own live listings only: a deleted listing (its author gone, a draft
    // discarded) has no author, so nobody's; its reservations lead to other users' purchases.
    if (actor.kind === 'author') {
      const listing = await this.listings.find(api.auth.marketplaceId, p.listingId, api.auth);
      if (!isLive(listing) || authorIdOf(listing) !== actor.userId) throw forbidden('Only the author can query the stock adjustments of a listing.');
    }
    const page = await this.reads.adjustments(api.auth.marketplaceId, p.listingId, { start, end }, api.common);
    return this.respond.many(api, page.items.map(resourceOf), paginationMeta(page.total, api.common));
  }

  private change(api: ApiRequest, listingId: string, change: StockChange): Promise<string | null> {
    return this.commands.execute<ChangeStockCommand, string | null>(new ChangeStockCommand(commandContextOf(api, this.clock), this.actor(api), listingId, change));
  }
}

@Controller('v1/api')
export class StockMarketplaceController extends StockEndpoints {
  constructor(commands: CommandBus, reads: StockReads, listings: ListingLookup, respond: Responder, @Inject(CLOCK) clock: Clock) {
    super(commands, reads, listings, respond, clock);
  }

  protected actor(api: ApiRequest): StockActor {
    return { kind: 'author', userId: api.auth.userId! };
  }

  @ApiCommand('stock/compare_and_set', USER_TOKEN, { body: CompareAndSetBody, returns: STOCK_SCHEMA })
  @Requires('approvedUser')
  compareAndSetStock(@Api() api: ApiRequest) {
    return this.compareAndSet(api);
  }

  @ApiCommand('stock_adjustments/create', USER_TOKEN, { body: CreateAdjustmentBody, returns: STOCK_ADJUSTMENT_SCHEMA })
  @Requires('approvedUser')
  create(@Api() api: ApiRequest) {
    return this.createAdjustment(api);
  }

  @ApiQuery('stock_adjustments/query', USER_TOKEN, { paginated: true, query: AdjustmentQueryParams, returns: STOCK_ADJUSTMENT_SCHEMA })
  query(@Api() api: ApiRequest) {
    return this.queryAdjustments(api);
  }
}

@Controller('v1/integration_api')
export class StockIntegrationController extends StockEndpoints {
  constructor(commands: CommandBus, reads: StockReads, listings: ListingLookup, respond: Responder, @Inject(CLOCK) clock: Clock) {
    super(commands, reads, listings, respond, clock);
  }

  protected actor(): StockActor {
    return { kind: 'operator' };
  }

  @ApiCommand('stock/compare_and_set', INTEGRATION_TOKEN, { body: CompareAndSetBody, returns: STOCK_SCHEMA })
  compareAndSetStock(@Api() api: ApiRequest) {
    return this.compareAndSet(api);
  }

  @ApiCommand('stock_adjustments/create', INTEGRATION_TOKEN, { body: CreateAdjustmentBody, returns: STOCK_ADJUSTMENT_SCHEMA })
  create(@Api() api: ApiRequest) {
    return this.createAdjustment(api);
  }

  @ApiQuery('stock_adjustments/query', INTEGRATION_TOKEN, { paginated: true, query: AdjustmentQueryParams, returns: STOCK_ADJUSTMENT_SCHEMA })
  query(@Api() api: ApiRequest) {
    return this.queryAdjustments(api);
  }

  @ApiQuery('stock_reservations/show', INTEGRATION_TOKEN, { query: ShowReservationQuery, returns: STOCK_RESERVATION_SCHEMA })
  async showReservation(@Api() api: ApiRequest) {
    const { id } = queryOf(api, ShowReservationQuery);
    const reservation = await this.reads.reservation(api.auth.marketplaceId, id);
    return this.respond.one(api, reservation ? resourceOf(reservation) : null, 'stock reservation');
  }
}
