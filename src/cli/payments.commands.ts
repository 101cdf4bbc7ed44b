import type { Command } from 'commander';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider.port';
import { formatPaymentsReport, paymentsReport } from '../payments/payments-report';
import { advanceEmulatorClock } from '../payments/emulator/emulator-clock';
import { resetEmulator } from '../payments/emulator/emulator-reset';
import { output, withCli } from './cli-context';
import { registerSnapshotCommands } from './snapshots.commands';

/** Payments for operators, and the emulator's controls for an SDK application's CI. */
export const registerPaymentCommands = (program: Command): void => {
  program
    .command('payments')
    .description('payments')
    .command('show')
    .description("a marketplace's payment accounts (with balances), customers and payment intents")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--user <id>', 'only this user')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; user?: string; json: boolean }) =>
      withCli(async ({ app, infra }) => {
        const report = await paymentsReport(infra.events, infra.runner, app.get<PaymentProvider>(PAYMENT_PROVIDER), opts.marketplace, opts.user);
        output(opts.json, report, () => formatPaymentsReport(report));
      }),
    );

  const emulator = program.command('emulator').description('development controls: the payment emulator (when STRIPE_SECRET_KEY is unset), the clock, store snapshots');
  registerSnapshotCommands(emulator);
  emulator
    .command('reset')
    .description("empties a marketplace's emulated payment provider (accounts, customers, intents, balances)")
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .action(async (opts: { marketplace: string }) =>
      withCli(async ({ infra, clock }) => {
        const generation = await resetEmulator(infra.runner, opts.marketplace, clock.now());
        console.log(`Payment emulator of ${opts.marketplace} reset (generation ${generation}).`);
      }),
    );
  emulator
    .command('clock')
    .description("the server's clock")
    .command('advance <duration>')
    .description('moves the clock ahead by an ISO 8601 duration (P2D, PT36H): balances, link expiry and due transitions follow')
    .action(async (duration: string) =>
      withCli(async ({ infra, clock }) => {
        const offset = await advanceEmulatorClock(infra.runner, duration, clock.now());
        console.log(`Clock moved ahead by ${duration}; now ${offset / 1000} s ahead of real time (a running server follows within a second).`);
      }),
    );
};
