import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { errorEnvelope } from '../../http/error-envelope';
import { apiError } from '../../shared/api-error';
import { answer, Describe, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { CONFIG, type Config } from '../../config';
import { METRICS, type ServiceMetrics } from '../service-metrics';

/**
 * GET /metrics in Prometheus' text format. Open unless METRICS_TOKEN is set; then a scraper sends it as a bearer
 * token (Prometheus: `authorization: {credentials: …}`). Either way, keep it off the public internet.
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @Describe(serviceOperation('Service', 'Prometheus metrics (a bearer METRICS_TOKEN when configured)', { '200': answer('The metrics', 'text/plain'), ...ERROR_ANSWERS }))
  async scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (this.config.metricsToken && !sameSecret(request.headers.authorization ?? '', `Bearer ${this.config.metricsToken}`)) {
      // The error envelope as every answer has it (an error id included), in JSON: a scraper asks for nothing else.
      const unauthorized = errorEnvelope(apiError(401, 'auth-invalid-access-token', 'The metrics need the bearer METRICS_TOKEN.'));
      void reply.status(401).header('content-type', 'application/json;charset=UTF-8').send(JSON.stringify(unauthorized));
      return;
    }
    const text = await this.metrics.registry.metrics();
    void reply.status(200).header('content-type', this.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  }
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
