import { Controller, Inject } from '@nestjs/common';
import { IsDefined, Matches } from 'class-validator';
import { EVENT_STORE, EventStore } from '../../event-store/event-store.port';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { IsUuidString } from '../../http/validation';
import { notFound } from '../../shared/api-error';
import { resourceAsOf } from '../resource-as-of';

export class ResourceAsOfQuery {
  @IsDefined() @IsUuidString() resourceId!: string;
  @IsDefined() @Matches(/^\d{1,15}$/, { message: 'sequenceId must be a non-negative integer' }) sequenceId!: string;
}

/**
 * x-events/resource_as_of: a user, listing or transaction as it was at a sequenceId (src/events/resource-as-of.ts).
 * `meta` says which event it stands after; a deleted resource answers `attributes: {deleted: true}`, one that did
 * not exist yet 404. An `x-` path: never one the platform uses (docs/console.md, "As of").
 */
@Controller('v1/integration_api/x-events')
export class ResourceAsOfController {
  constructor(
    @Inject(EVENT_STORE) private readonly log: EventStore,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('resource_as_of', INTEGRATION_TOKEN, { query: ResourceAsOfQuery })
  async show(@Api() api: ApiRequest) {
    const q = queryOf(api, ResourceAsOfQuery);
    const asOf = await resourceAsOf(this.log, api.auth.marketplaceId, q.resourceId, Number(q.sequenceId));
    if (!asOf) throw notFound('The resource has no event at or before that sequenceId.');
    const { lastEvent } = asOf;
    const meta = { asOfSequenceId: Number(q.sequenceId), lastEventSequenceId: lastEvent.position, lastEventType: lastEvent.type, lastEventCreatedAt: lastEvent.metadata.createdAt, eventCount: asOf.eventCount };
    return this.respond.one(api, asOf.resource ?? { id: q.resourceId, type: lastEvent.metadata.resourceType ?? 'resource', attributes: { deleted: true } }, 'resource', meta);
  }
}
