import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AssetsModule } from './assets/assets.module';
import { AuthModule } from './auth/auth.module';
import { AvailabilityModule } from './availability/availability.module';
import { StockModule } from './stock/stock.module';
import { CoreModule } from './core.module';
import { EventsModule } from './events/events.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { OperatorsModule } from './operators/operators.module';
import { FilesModule } from './files/files.module';
import { ImagesModule } from './images/images.module';
import { ApiAuthorization } from './http/api-authorization';
import { ApiGuard } from './http/api.guard';
import { OpenApiModule } from './http/openapi/openapi.module';
import type { Infrastructure } from './infrastructure/composition-root';
import { MarketplacesModule } from './marketplaces/marketplaces.module';
import { systemClock, type Clock } from './shared/clock';
import { randomIds, type IdGenerator } from './shared/ids';
import { SearchSchemasModule } from './search-schemas/search-schemas.module';
import { ListingsModule } from './listings/listings.module';
import { UsersModule } from './users/users.module';
import { HealthModule } from './health/health.module';
import { PaymentsModule } from './payments/payments.module';
import { TransactionsModule } from './transactions/transactions.module';

/** The composition root of the service: one module per bounded context over the core ports. */
@Module({})
export class AppModule {
  static with(infra: Infrastructure, clock: Clock = systemClock, ids: IdGenerator = randomIds): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.with(infra, clock, ids), MarketplacesModule, UsersModule, AuthModule, EventsModule, ImagesModule, FilesModule, SearchSchemasModule, ListingsModule, AssetsModule, HealthModule.with(infra), AvailabilityModule, StockModule, PaymentsModule, TransactionsModule, WebhooksModule, OperatorsModule, OpenApiModule],
      providers: [ApiAuthorization, { provide: APP_GUARD, useClass: ApiGuard }],
    };
  }
}
