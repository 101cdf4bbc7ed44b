import { DynamicModule, Module } from '@nestjs/common';
import type { Infrastructure } from '../infrastructure/composition-root';
import { HealthController } from './http/health.controller';
import { MetricsController } from './http/metrics.controller';
import { READINESS } from './readiness.port';
import { serviceReadiness } from './service-readiness';
import { METRICS, serviceMetrics } from './service-metrics';

/** GET /health/live, /health/ready and /metrics (Prometheus) over the infrastructure's engines. */
@Module({})
export class HealthModule {
  static with(infra: Infrastructure): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: READINESS, useValue: serviceReadiness(infra) },
        { provide: METRICS, useValue: serviceMetrics(infra) },
      ],
    };
  }
}
