import { Controller, Inject } from '@nestjs/common';
import { AVAILABILITY_EXCEPTION_SCHEMA } from './availability.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Requires } from '../../http/access';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { paginationMeta } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { forbidden, notFound } from '../../shared/api-error';
import { CLOCK, type Clock, withinClientNow } from '../../shared/clock';
import type { Resource } from '../../shared/resource';
import { CreateAvailabilityExceptionCommand, DeleteAvailabilityExceptionCommand, ExceptionActor } from '../commands/availability-exception.handlers';
import { storedException, StoredException } from '../domain/availability.views';
import { AvailabilityReads } from '../queries/availability.reads';
import { assertExceptionTimes, assertWindow, CreateExceptionBody, ExceptionIdBody, ExceptionQueryParams } from './availability.dto';

export const exceptionResource = (e: StoredException): Resource => ({ id: e.id.uuid, type: 'availabilityException', attributes: { ...e.attributes } });

/** availability_exceptions/{create,delete,query}: the same rules in both APIs; an author manages only their own listings. */
abstract class AvailabilityExceptionsEndpoints {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly reads: AvailabilityReads,
    protected readonly respond: Responder,
    protected readonly clock: Clock,
  ) {}

  protected abstract actor(api: ApiRequest): ExceptionActor;

  protected async createException(api: ApiRequest) {
    const body = bodyOf(api, CreateExceptionBody);
    assertExceptionTimes(body, this.clock.now());
    const id = await this.commands.execute<CreateAvailabilityExceptionCommand, string>(
      new CreateAvailabilityExceptionCommand(commandContextOf(api, this.clock), this.actor(api), { listingId: body.listingId, start: body.start, end: body.end, seats: body.seats }),
    );
    const stored = await this.reads.exception(api.auth.marketplaceId, id);
    return this.respond.command(api, exceptionResource(stored!));
  }

  protected async deleteException(api: ApiRequest) {
    const { id } = bodyOf(api, ExceptionIdBody);
    const stored = await this.reads.exception(api.auth.marketplaceId, id);
    if (!stored) throw notFound('No such availability exception.');
    await this.commands.execute(new DeleteAvailabilityExceptionCommand(commandContextOf(api, this.clock), this.actor(api), stored.relationships.listing.data.id.uuid, id));
    return this.respond.command(api, { id, type: 'availabilityException', attributes: {} });
  }

  /** Exceptions of a listing overlapping [start, end), by start; a listing that does not exist has none. */
  protected async queryExceptions(api: ApiRequest) {
    const p = queryOf(api, ExceptionQueryParams);
    withinClientNow(this.clock, (now) => assertWindow(p, 'query', now, { startBackDays: 366, startAheadDays: 366, endAheadDays: 366, spanDays: 90 }));
    const found = await this.reads.listing(api.auth.marketplaceId, p.listingId);
    if (found && this.actor(api).kind === 'author' && found.listing.authorId !== api.auth.userId) throw forbidden('The listing belongs to another user.');
    const [start, end] = [p.start.getTime(), p.end.getTime()];
    const all = Object.values(found?.availability.exceptions ?? {})
      .filter((e) => new Date(e.start).getTime() < end && new Date(e.end).getTime() > start)
      .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
    const { page, perPage } = api.common;
    const items = all.slice((page - 1) * perPage, page * perPage).map((e) => exceptionResource(storedException(e)));
    return this.respond.many(api, items, paginationMeta(all.length, api.common));
  }
}

@Controller('v1/api/availability_exceptions')
export class AvailabilityExceptionsMarketplaceController extends AvailabilityExceptionsEndpoints {
  constructor(commands: CommandBus, reads: AvailabilityReads, respond: Responder, @Inject(CLOCK) clock: Clock) {
    super(commands, reads, respond, clock);
  }

  protected actor(api: ApiRequest): ExceptionActor {
    return { kind: 'author', userId: api.auth.userId! };
  }

  @ApiCommand('create', USER_TOKEN, { body: CreateExceptionBody, returns: AVAILABILITY_EXCEPTION_SCHEMA })
  @Requires('approvedUser')
  create(@Api() api: ApiRequest) {
    return this.createException(api);
  }

  @ApiCommand('delete', USER_TOKEN, { body: ExceptionIdBody })
  @Requires('approvedUser')
  delete(@Api() api: ApiRequest) {
    return this.deleteException(api);
  }

  @ApiQuery('query', USER_TOKEN, { paginated: true, query: ExceptionQueryParams, returns: AVAILABILITY_EXCEPTION_SCHEMA })
  query(@Api() api: ApiRequest) {
    return this.queryExceptions(api);
  }
}

@Controller('v1/integration_api/availability_exceptions')
export class AvailabilityExceptionsIntegrationController extends AvailabilityExceptionsEndpoints {
  constructor(commands: CommandBus, reads: AvailabilityReads, respond: Responder, @Inject(CLOCK) clock: Clock) {
    super(commands, reads, respond, clock);
  }

  protected actor(): ExceptionActor {
    return { kind: 'operator' };
  }

  @ApiCommand('create', INTEGRATION_TOKEN, { body: CreateExceptionBody, returns: AVAILABILITY_EXCEPTION_SCHEMA })
  create(@Api() api: ApiRequest) {
    return this.createException(api);
  }

  @ApiCommand('delete', INTEGRATION_TOKEN, { body: ExceptionIdBody })
  delete(@Api() api: ApiRequest) {
    return this.deleteException(api);
  }

  @ApiQuery('query', INTEGRATION_TOKEN, { paginated: true, query: ExceptionQueryParams, returns: AVAILABILITY_EXCEPTION_SCHEMA })
  query(@Api() api: ApiRequest) {
    return this.queryExceptions(api);
  }
}
