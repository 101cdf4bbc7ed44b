import { DynamicModule, Module } from '@nestjs/common';
import type { Infrastructure } from '../infrastructure/composition-root';
import { HealthController } from './http/health.controller';
import { READINESS } from './readiness.port';
import { serviceReadiness } from './service-readiness';

/** GET /health/live and /health/ready over the infrastructure's engines. */
@Module({})
export class HealthModule {
  static with(infra: Infrastructure): DynamicModule {
    return { module: HealthModule, controllers: [HealthController], providers: [{ provide: READINESS, useValue: serviceReadiness(infra) }] };
  }
}
