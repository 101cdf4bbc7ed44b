import { Controller, Inject, Req } from '@nestjs/common';
import { EVENT_SCHEMA } from './event.schemas';
import type { FastifyRequest } from 'fastify';
import { EVENT_STORE, EventStore, ReadAllOptions } from '../../event-store/event-store.port';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { responseFormatOf } from '../../http/wire-format';
import { invalidValue } from '../../shared/api-error';
import { eventPage } from '../event-view.encoding';
import { eventView } from '../event.view';
import { publicLogFilter } from '../../http/public-log-filter';
import { eventsQueryParams, EventsQueryParams } from './events.dto';

const PAGE = 100;

/**
 * events/query reads the global log itself, filtered to the caller's marketplace and to public events, so the
 * order is the log's order and `sequenceId` strictly increases. There are no pages: the cursor is
 * startAfterSequenceId, and a full page (data.length === perPage) means "poll again soon".
 *
 * When the store keeps each event's view encoded (the embedded store does), the page is those texts joined
 * (src/events/event-view.encoding.ts): nothing is decoded or encoded per request. Otherwise, and for what the
 * joined page cannot express (verbose Transit, `include`, `fields.event`), the events are read and encoded.
 */
@Controller('v1/integration_api/events')
export class EventsIntegrationController {
  constructor(
    @Inject(EVENT_STORE) private readonly log: EventStore,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('query', INTEGRATION_TOKEN, { query: EventsQueryParams, readQuery: eventsQueryParams, list: true, returns: EVENT_SCHEMA })
  async query(@Api() api: ApiRequest, @Req() request: FastifyRequest) {
    const q = queryOf(api, EventsQueryParams);
    if (q.startAfterSequenceId !== undefined && q.createdAtStart !== undefined)
      throw invalidValue(['createdAtStart'], 'query', 'Give startAfterSequenceId or createdAtStart, not both.');
    const createdAtStart = q.createdAtStart ? new Date(q.createdAtStart) : undefined;
    if (createdAtStart && Number.isNaN(createdAtStart.getTime())) throw invalidValue(['createdAtStart'], 'query', 'Not a valid timestamp.');
    const perPage = q.perPage ? Number(q.perPage) : PAGE;
    const read: ReadAllOptions = {
      after: q.startAfterSequenceId ? Number(q.startAfterSequenceId) : 0,
      limit: perPage,
      filter: publicLogFilter(api.auth.marketplaceId, q, createdAtStart?.toISOString()),
    };
    const meta = { totalItems: null, totalPages: null, page: 1, perPage, paginationUnsupported: true };
    const format = responseFormatOf(request);
    if (this.log.readEventViews && format !== 'transit-verbose' && api.common.include.size === 0 && !api.common.fields.has('event'))
      // Bytes are sent as they are (Fastify skips the reply's serializer; the guard set the content type).
      return eventPage(await this.log.readEventViews(read, format), meta, format);
    return this.respond.many(api, (await this.log.readAll(read)).map(eventView), meta);
  }
}
