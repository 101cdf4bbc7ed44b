import { Controller, Inject } from '@nestjs/common';
import { IsDefined, Matches } from 'class-validator';
import { EVENT_STORE, EventStore } from '../../event-store/event-store.port';
import { Api, ApiRequest } from '../../http/api-request';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { IsUuidString, validateParams } from '../../http/validation';
import { notFound } from '../../shared/api-error';
import type { RecordedEvent } from '../../shared/log-events';
import type { Resource } from '../../shared/resource';

export class ResourceAsOfQuery {
  @IsDefined() @IsUuidString() resourceId!: string;
  @IsDefined() @Matches(/^\d{1,15}$/, { message: 'sequenceId must be a non-negative integer' }) sequenceId!: string;
}

const PAGE = 1000;

/**
 * A user, listing or transaction as it was at a sequenceId: read from the log, never from a read model, so nothing
 * is rebuilt and nothing changes. Every public event carries the resource's Integration API view after it, so the
 * view after the resource's last event at or before the sequenceId is the resource as of then. `meta` says which
 * event that was; `data` is null when the resource was deleted by then (404 when it did not exist yet).
 * An `x-` path: never one the platform uses (docs/console.md, "As of").
 */
@Controller('v1/integration_api/x-events')
export class ResourceAsOfController {
  constructor(
    @Inject(EVENT_STORE) private readonly log: EventStore,
    private readonly respond: Responder,
  ) {}

  @ApiQuery('resource_as_of', INTEGRATION_TOKEN)
  async show(@Api() api: ApiRequest) {
    const q = validateParams(ResourceAsOfQuery, api.query, 'query');
    const until = Number(q.sequenceId);
    const filter = { marketplaceId: api.auth.marketplaceId, publicOnly: true, resourceId: q.resourceId };
    let last: RecordedEvent | undefined;
    let count = 0;
    for (let after = 0; ; ) {
      const page = await this.log.readAll({ after, until, limit: PAGE, filter });
      count += page.length;
      last = page.at(-1) ?? last;
      if (page.length < PAGE) break;
      after = page[page.length - 1].position;
    }
    if (!last) throw notFound('The resource has no event at or before that sequenceId.');
    const stored = (last.metadata.resource ?? null) as (Omit<Resource, 'id'> & { id: string | { uuid: string } }) | null;
    // The stored view keeps its typed values: its id is a Uuid, where an answer's resource names it by its text.
    const resource: Resource | null = stored && { ...stored, id: typeof stored.id === 'string' ? stored.id : stored.id.uuid };
    const meta = { asOfSequenceId: until, lastEventSequenceId: last.position, lastEventType: last.type, lastEventCreatedAt: last.metadata.createdAt, eventCount: count };
    return this.respond.one(api, resource ?? { id: q.resourceId, type: last.metadata.resourceType ?? 'resource', attributes: { deleted: true } }, 'resource', meta);
  }
}
