import { Module } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { CommandRunner } from '../event-sourcing/command-runner';
import { CLOCK, type Clock } from '../shared/clock';
import { UsersModule } from '../users/users.module';
import { EmulatedPaymentProvider } from './emulator/emulated-payment-provider';
import { EmulatorClockReactor } from './emulator/emulator-clock';
import { PaymentAccountsController } from './http/payment-accounts.controller';
import { PaymentEmulatorController } from './http/payment-emulator.controller';
import { PaymentsRelationships } from './http/payments.relationships';
import { PaymentAccounts } from './payment-accounts';
import { PAYMENT_PROVIDER } from './payment-provider.port';

/** The official client (1 MB of JavaScript) is loaded only by a server configured for Stripe: the emulator needs none of it. */
const stripeProvider = () => require('./stripe-payment-provider') as typeof import('./stripe-payment-provider');

/**
 * Payments: the payment-provider port (the embedded emulator by default, Stripe with STRIPE_SECRET_KEY), the
 * payment-account endpoints of the Marketplace API under both names, the emulator's own HTTP surface (Stripe.js
 * stand-in, onboarding page) and its clock.
 */
@Module({
  imports: [UsersModule],
  controllers: [PaymentAccountsController, PaymentEmulatorController],
  providers: [
    {
      provide: PAYMENT_PROVIDER,
      inject: [CONFIG, CommandRunner, CLOCK],
      useFactory: (config: Config, runner: CommandRunner, clock: Clock) =>
        config.stripeSecretKey ? new (stripeProvider().StripePaymentProvider)(config.stripeSecretKey) : new EmulatedPaymentProvider(runner, clock, config.tokenSecret),
    },
    PaymentAccounts,
    PaymentsRelationships,
    EmulatorClockReactor,
  ],
  exports: [PAYMENT_PROVIDER, PaymentAccounts],
})
export class PaymentsModule {}
