import { Module } from '@nestjs/common';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './http/auth.controller';
import { Sessions } from './sessions';
import { TokenGrants } from './token-grants';

@Module({
  imports: [MarketplacesModule, UsersModule],
  controllers: [AuthController],
  providers: [Sessions, TokenGrants],
})
export class AuthModule {}
