import { Controller, Get, Inject, Res } from '@nestjs/common';
import { answer, Describe, serviceOperation } from '../../http/openapi/describe.decorator';
import type { FastifyReply } from 'fastify';
import { READINESS, type Readiness } from '../readiness.port';

/**
 * Probes for an orchestrator or load balancer, outside the data APIs (no token, plain JSON).
 * - live: the process answers HTTP (restart it when it does not).
 * - ready: it should get traffic: 200 with the report when ready, 503 with the reasons otherwise (catching up
 *   after a start or a rebuild, a projection stopped on a poison event).
 */
@Controller('health')
export class HealthController {
  constructor(@Inject(READINESS) private readonly readiness: Readiness) {}

  @Get('live')
  @Describe(serviceOperation('Service', 'Liveness: the process answers', { '200': answer('Live', 'application/json') }))
  live(@Res() reply: FastifyReply) {
    void reply.status(200).header('content-type', 'application/json;charset=UTF-8').header('cache-control', 'no-store').send('{"live":true}');
  }

  @Get('ready')
  @Describe(serviceOperation('Service', 'Readiness: 503 with the reasons while catching up', { '200': answer('Ready', 'application/json'), '503': answer('Not ready, and why', 'application/json') }))
  async ready(@Res() reply: FastifyReply) {
    const report = await this.readiness.report();
    void reply
      .status(report.ready ? 200 : 503)
      .header('content-type', 'application/json;charset=UTF-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(report));
  }
}
