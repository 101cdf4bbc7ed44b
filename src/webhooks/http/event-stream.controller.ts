import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG, type Config } from '../../config';
import { EVENT_STORE, EventStore } from '../../event-store/event-store.port';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { SECURITY_HEADERS } from '../../http/security-headers';
import { apiError } from '../../shared/api-error';
import { publicLogFilter } from '../../http/public-log-filter';
import { EventStream } from '../event-stream';
import { LiveEvents } from '../live-events';
import { EventStreamQuery } from './webhooks.dto';

const SEQUENCE_ID = /^\d{1,15}$/;

/**
 * The live stream of a marketplace's events (Server-Sent Events), the Integration API's trusted side like
 * events/query, beside x-webhooks: an `x-` segment never collides with a path the platform adds (docs/webhooks.md).
 */
@Controller('v1/integration_api/x-events')
export class EventStreamController {
  constructor(
    private readonly live: LiveEvents,
    @Inject(EVENT_STORE) private readonly log: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Everything is checked before the stream starts: a bad parameter is an ordinary error answer. */
  @ApiQuery('stream', INTEGRATION_TOKEN, { query: EventStreamQuery, eventStream: true })
  async stream(@Api() api: ApiRequest, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const q = queryOf(api, EventStreamQuery);
    // A reconnecting EventSource sends the original URL and the last id it saw: the id wins.
    const lastEventId = request.headers['last-event-id'];
    if (lastEventId !== undefined && (typeof lastEventId !== 'string' || !SEQUENCE_ID.test(lastEventId)))
      throw apiError(400, 'validation-invalid-value', 'Last-Event-ID must be a sequenceId.', { source: { path: ['Last-Event-ID'], type: 'header' } });
    const start = lastEventId ?? q.startAfterSequenceId;
    const after = start !== undefined ? Number(start) : await this.log.headPosition();
    const { streamBufferBytes, streamHeartbeatMs } = this.config.webhooks;
    const stream = new EventStream(reply.raw, this.live, this.log, {
      filter: publicLogFilter(api.auth.marketplaceId, q),
      after,
      bufferBytes: streamBufferBytes,
      heartbeatMs: streamHeartbeatMs,
    });
    reply.hijack();
    // Hooks that would add headers at send time (CORS is already set, security headers are not) do not run.
    reply.raw.writeHead(200, {
      ...SECURITY_HEADERS,
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold the stream back in their buffers.
      'x-accel-buffering': 'no',
      // The connection ends with the stream: an ended stream must not leave a keep-alive socket that holds a shutdown.
      connection: 'close',
    });
    void stream.run();
  }
}
