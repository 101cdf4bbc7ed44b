import { ProcessesOperatorController } from './http/processes.operator.controller';
import { TransactionsOperatorController } from './http/transactions.operator.controller';
import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ListingsModule } from '../listings/listings.module';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { StockModule } from '../stock/stock.module';
import { PaymentsModule } from '../payments/payments.module';
import { TransactionPayments } from './commands/transaction-payments';
import { PaymentClaims } from './commands/payment-claims';
import { ChangeProcessHandler, InstallDefaultProcessesHandler } from './commands/process.handlers';
import {
  InitiateTransactionHandler,
  SendMessageHandler,
  TransitionTransactionHandler,
  UpdateTransactionMetadataHandler,
} from './commands/transaction.handlers';
import { BookingsMarketplaceController } from './http/bookings.marketplace.controller';
import { MessagesReviewsMarketplaceController } from './http/messages-reviews.marketplace.controller';
import { TransactionsIntegrationController } from './http/transactions.integration.controller';
import { TransactionsMarketplaceController } from './http/transactions.marketplace.controller';
import { TransactionsRelationships } from './http/transactions.relationships';
import { ProcessReads } from './queries/process-reads';
import { DelayedTransitions } from './delayed-transitions';
import { TransactionNotificationsReactor } from './transaction-notifications.reactor';
import { TransactionReads } from './queries/transaction-reads';

/** Transactions: processes (versions, aliases), the engine, messages and reviews, in both data APIs. */
@Module({
  imports: [FilesModule, MarketplacesModule, ListingsModule, StockModule, PaymentsModule],
  controllers: [TransactionsMarketplaceController, MessagesReviewsMarketplaceController, BookingsMarketplaceController, TransactionsIntegrationController, TransactionsOperatorController, ProcessesOperatorController],
  providers: [
    TransactionReads,
    ProcessReads,
    TransactionPayments,
    PaymentClaims,
    TransactionsRelationships,
    ChangeProcessHandler,
    InstallDefaultProcessesHandler,
    InitiateTransactionHandler,
    TransitionTransactionHandler,
    SendMessageHandler,
    UpdateTransactionMetadataHandler,
    DelayedTransitions,
    TransactionNotificationsReactor,
  ],
  exports: [TransactionReads],
})
export class TransactionsModule {}
