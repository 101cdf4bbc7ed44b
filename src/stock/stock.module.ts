import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { ChangeStockHandler } from './commands/change-stock.handler';
import { StockIntegrationController, StockMarketplaceController } from './http/stock.controllers';
import { StockRelationships } from './http/stock.relationships';
import { StockReads } from './queries/stock.reads';
import { EventSourcedStockLedger } from './stock-ledger';
import { STOCK_LEDGER } from './stock-ledger.port';

/** Stock: compare-and-set, adjustments, reservations (the stock ledger) and listings' current stock. */
@Module({
  imports: [ListingsModule],
  controllers: [StockMarketplaceController, StockIntegrationController],
  providers: [StockReads, StockRelationships, ChangeStockHandler, EventSourcedStockLedger, { provide: STOCK_LEDGER, useExisting: EventSourcedStockLedger }],
  exports: [STOCK_LEDGER, StockReads],
})
export class StockModule {}
