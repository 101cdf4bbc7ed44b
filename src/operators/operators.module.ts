import { Module } from '@nestjs/common';
import { OPERATOR_SESSION_CHECK } from '../auth/operator-session-check';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { OperationsOperatorController } from './http/operations.operator.controller';
import { ConsoleSessions } from './console-sessions';
import { ConsoleSessionController } from './http/console-session.controller';
import { ConsoleStaticRoutes } from './http/console-static.routes';
import { OperatorAccounts } from './operator-accounts';

/** Operator accounts, console sessions and the console's page (docs/console.md). */
@Module({
  imports: [MarketplacesModule, UsersModule, PaymentsModule],
  controllers: [ConsoleSessionController, OperationsOperatorController],
  providers: [OperatorAccounts, ConsoleSessions, ConsoleStaticRoutes, { provide: OPERATOR_SESSION_CHECK, useExisting: ConsoleSessions }],
  exports: [OperatorAccounts, OPERATOR_SESSION_CHECK],
})
export class OperatorsModule {}
