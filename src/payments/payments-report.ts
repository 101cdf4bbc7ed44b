import type { CommandRunner } from '../event-sourcing/command-runner';
import type { EventStore } from '../event-store/event-store.port';
import { logPages } from '../event-store/log-pages';
import type { PaymentProvider, ProviderBalance, ProviderBalanceTransaction } from './payment-provider.port';
import { userPaymentsStream } from './payment-streams';
import { generationStream } from './emulator/emulator-streams';

export interface PaymentsReport {
  accounts: Array<{
    userId: string;
    stripeAccountId: string;
    chargesEnabled: boolean | null;
    payoutsEnabled: boolean | null;
    currentlyDue: string[];
    balance: ProviderBalance | null;
    /** Every movement of the balance, oldest first: the balance is their sum. */
    statement: ProviderBalanceTransaction[];
    error?: string;
  }>;
  customers: Array<{ userId: string; stripeCustomerId: string; defaultPaymentMethod: string | null; card: string | null }>;
  intents: Array<{ id: string; status: string; amount: number; amountReceived: number; amountRefunded: number; currency: string; destination: string | null; transactionId: string | null; error?: string }>;
}

const PAGE = 1000;

/**
 * What the operator's `payments show` prints: every payment account and customer of a marketplace (or of one user)
 * from the log, with the provider's current view of each account and its balance, and the emulator's payment
 * intents of the current generation.
 */
export const paymentsReport = async (events: EventStore, runner: CommandRunner, provider: PaymentProvider, marketplaceId: string, userId?: string): Promise<PaymentsReport> => {
  const users = new Set<string>();
  const intentIds: string[] = [];
  const prefix = `${marketplaceId}:user-payments-`;
  const generation = provider.kind === 'emulator' ? await runner.state(generationStream(marketplaceId)) : 0;
  const intentStream = new RegExp(`^${marketplaceId}:payemu-g${generation}-(pi_[A-Za-z0-9]+)$`);
  const eventTypes = ['userPayments/account-connected', 'userPayments/customer-created', 'payEmulator/payment-intent-created'];
  for await (const page of logPages(events, { limit: PAGE, filter: { marketplaceId, eventTypes } })) {
    for (const e of page) {
      if (e.streamId.startsWith(prefix)) users.add(e.streamId.slice(prefix.length));
      const intent = intentStream.exec(e.streamId);
      if (intent && !userId) intentIds.push(intent[1]);
    }
  }
  const report: PaymentsReport = { accounts: [], customers: [], intents: [] };
  for (const user of userId ? [userId] : [...users]) {
    const s = await runner.state(userPaymentsStream(marketplaceId, user));
    if (s.account) {
      const id = s.account.stripeAccountId;
      try {
        const account = await provider.retrieveAccount({ marketplaceId }, id);
        const balance = await provider.retrieveBalance({ marketplaceId }, id).catch(() => null);
        const statement = await provider.listBalanceTransactions({ marketplaceId }, id).catch(() => []);
        report.accounts.push({ userId: user, stripeAccountId: id, chargesEnabled: account.charges_enabled, payoutsEnabled: account.payouts_enabled, currentlyDue: account.requirements.currently_due, balance, statement });
      } catch (error) {
        report.accounts.push({ userId: user, stripeAccountId: id, chargesEnabled: null, payoutsEnabled: null, currentlyDue: [], balance: null, statement: [], error: (error as Error).message });
      }
    }
    if (s.customer) {
      const pm = s.customer.defaultPaymentMethod;
      report.customers.push({ userId: user, stripeCustomerId: s.customer.stripeCustomerId, defaultPaymentMethod: pm?.stripePaymentMethodId ?? null, card: pm ? `${pm.card.brand} •••• ${pm.card.last4Digits} ${pm.card.expirationMonth}/${pm.card.expirationYear}` : null });
    }
  }
  for (const id of intentIds) {
    const pi = await provider.retrievePaymentIntent({ marketplaceId }, id);
    report.intents.push({
      id,
      status: pi.status,
      amount: pi.amount,
      amountReceived: pi.amount_received,
      amountRefunded: pi.amount_refunded ?? 0,
      currency: pi.currency,
      destination: pi.transfer_data?.destination ?? null,
      transactionId: (pi.metadata as Record<string, string> | undefined)?.transactionId ?? null,
    });
  }
  return report;
};

const amounts = (list: Array<{ amount: number; currency: string }> | undefined) => (list?.length ? list.map((b) => `${b.amount} ${b.currency}`).join(', ') : '0');

/** The report as text tables. */
export const formatPaymentsReport = (r: PaymentsReport): string => {
  const lines = ['Accounts', 'user\taccount\tcharges\tpayouts\tcurrently due\tavailable\tpending'];
  for (const a of r.accounts)
    lines.push([a.userId, a.stripeAccountId, a.chargesEnabled, a.payoutsEnabled, a.error ?? (a.currentlyDue.join(',') || '-'), amounts(a.balance?.available), amounts(a.balance?.pending)].join('\t'));
  for (const a of r.accounts) {
    if (a.statement.length === 0) continue;
    lines.push('', `Statement of ${a.stripeAccountId} (${a.userId})`, 'type\tamount\tsource\tavailable on');
    for (const t of a.statement) lines.push([t.type, `${t.amount} ${t.currency}`, t.source, new Date(t.available_on * 1000).toISOString()].join('\t'));
  }
  lines.push('', 'Customers', 'user\tcustomer\tdefault payment method\tcard');
  for (const c of r.customers) lines.push([c.userId, c.stripeCustomerId, c.defaultPaymentMethod ?? '-', c.card ?? '-'].join('\t'));
  lines.push('', 'Payment intents', 'intent\tstatus\tamount\treceived\trefunded\tdestination\ttransaction');
  for (const i of r.intents) lines.push([i.id, i.status, `${i.amount} ${i.currency}`, i.amountReceived, i.amountRefunded, i.destination ?? '-', i.transactionId ?? '-'].join('\t'));
  return lines.join('\n');
};
