import { Inject, Injectable } from '@nestjs/common';
import { PaymentAccounts } from '../../payments/payment-accounts';
import { PAYMENT_PROVIDER, PaymentProviderError, type PaymentProvider, type ProviderPaymentIntent } from '../../payments/payment-provider.port';
import { apiError, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { CommandRunner, Streams } from '../../event-sourcing/command-runner';
import type { PaymentOutcome } from '../domain/action';
import { isPaymentAction } from '../domain/payment.actions';
import type { ProcessDefinition } from '../domain/process-definition';
import { transactionDecider } from '../domain/transaction.decider';
import type { TransactionEvent } from '../domain/transaction.events';
import type { TransactionState } from '../domain/transaction.state';

/** The provider's answers for a transition, once called (filled in between the two decisions). */
export interface Paid {
  outcome?: PaymentOutcome;
}

/** The same decision over the current states with nothing appended: the transaction as it would be. */
export const speculate = async (runner: CommandRunner, streams: (loaded: Record<string, unknown>) => Streams, decide: (s: Record<string, unknown>) => { events: { tx: TransactionEvent[] } }) => {
  const loaded: Record<string, unknown> = {};
  for (let round = 0; round < 3; round += 1)
    for (const [name, ref] of Object.entries(streams(loaded))) if (!(name in loaded)) loaded[name] = await runner.state(ref);
  const { events } = decide(loaded);
  return { tx: events.tx.reduce(transactionDecider.evolve, loaded.tx as TransactionState) };
};

/** Throws `NeedsPayment` when the transition has Stripe actions and the provider has not been called yet. */
export const assertPaid = (process: ProcessDefinition, call: { transition: string; params: Record<string, unknown> }, before: TransactionState, events: TransactionEvent[], paid: Paid | null, transactionId: string) => {
  if (!paid || paid.outcome) return;
  const actions = (process.transitions.find((t) => t.name === call.transition)?.actions ?? []).filter((a) => isPaymentAction(a.name));
  if (actions.length === 0) return;
  const step: PaymentStep = { transactionId, transition: call.transition, actions, params: call.params, before, after: events.reduce(transactionDecider.evolve, before) };
  throw new NeedsPayment(step);
};

/** What a transition with Stripe actions asks of the provider: decided without it first, then thrown to the handler. */
export interface PaymentStep {
  transactionId: string;
  transition: string;
  actions: Array<{ name: string; config: Record<string, unknown> }>;
  params: Record<string, unknown>;
  /** The transaction before the transition, and as the transition would leave it (line items, totals). */
  before: TransactionState;
  after: TransactionState;
}

/**
 * Thrown by a transition's decision that has Stripe actions but no provider answers yet: nothing is appended; the
 * handler calls the provider (`TransactionPayments.prepare`) and decides again with the answers.
 */
export class NeedsPayment extends Error {
  constructor(readonly step: PaymentStep) {
    super('the transition needs the payment provider first');
  }
}

const paymentFailed = (e: PaymentProviderError) =>
  apiError(402, 'transaction-payment-failed', e.body.message, { meta: { stripeMessage: e.body.message, stripeCode: e.body.code ?? null, stripeDeclineCode: e.body.decline_code ?? null } });

/**
 * The provider side of a transition's Stripe actions, called outside any store transaction with idempotency keys
 * derived from the transaction, the number of transitions it has taken and the transition: a retried transition
 * reuses the intent, capture, refund or payout it made. A decision that then fails is undone (`undo`: a new intent
 * is cancelled, also keyed), so a refused transition leaves no charge.
 */
@Injectable()
export class TransactionPayments {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly accounts: PaymentAccounts,
  ) {}

  async prepare(ctx: CommandContext, step: PaymentStep): Promise<PaymentOutcome> {
    const base = `${ctx.marketplaceId}:${step.transactionId}:${step.before.transitions.length}:${step.transition}`;
    const call = (action: string) => ({ marketplaceId: ctx.marketplaceId, idempotencyKey: `${base}:${action}` });
    let intent: ProviderPaymentIntent | null = null;
    try {
      for (const { name, config } of step.actions) {
        const current = intent?.id ?? step.before.payment?.intentId;
        if (name === 'action/stripe-create-payment-intent' || name === 'action/stripe-create-payment-intent-push') intent = await this.createIntent(ctx, step, config, call('create-intent'));
        else if (!current) continue;
        else if (name === 'action/stripe-confirm-payment-intent') intent = await this.confirm(ctx, current, call('confirm'));
        else if (name === 'action/stripe-capture-payment-intent') intent = await this.provider.capturePaymentIntent(call('capture'), current);
        else if (name === 'action/stripe-refund-payment') intent = await this.refund(ctx, current, call('refund'));
        else if (name === 'action/stripe-create-payout') await this.payout(ctx, step, call('payout'));
      }
    } catch (e) {
      if (e instanceof PaymentProviderError) throw paymentFailed(e);
      throw e;
    }
    return { intent: intent ? { id: intent.id, clientSecret: intent.client_secret, status: intent.status } : null };
  }

  /** After a failed decision: an intent this transition created is cancelled, so no charge remains. */
  async undo(ctx: CommandContext, step: PaymentStep, outcome: PaymentOutcome): Promise<void> {
    const created = step.actions.some((a) => a.name.startsWith('action/stripe-create-payment-intent'));
    if (!created || !outcome.intent) return;
    const key = `${ctx.marketplaceId}:${step.transactionId}:${step.before.transitions.length}:${step.transition}:undo`;
    await this.provider.cancelPaymentIntent({ marketplaceId: ctx.marketplaceId, idempotencyKey: key }, outcome.intent.id).catch(() => undefined);
  }

  private async createIntent(ctx: CommandContext, step: PaymentStep, config: Record<string, unknown>, call: { marketplaceId: string; idempotencyKey: string }) {
    const { after } = step;
    const provider = await this.accounts.state(ctx.marketplaceId, after.providerId!);
    if (!provider.account) throw conflict('transaction-missing-stripe-account', 'The provider has no payout account.');
    const customer = await this.accounts.state(ctx.marketplaceId, after.customerId!);
    const payin = after.payinTotal!;
    const given = typeof step.params.paymentMethod === 'string' ? step.params.paymentMethod : undefined;
    const useDefault = config['use-customer-default-payment-method?'] === true;
    const paymentMethod = given ?? (useDefault ? customer.customer?.defaultPaymentMethod?.id : undefined);
    const params = {
      amount: payin.amount,
      currency: payin.currency,
      captureMethod: 'manual' as const,
      applicationFeeAmount: payin.amount - (after.payoutTotal?.amount ?? 0),
      transferDestination: provider.account.stripeAccountId,
      ...(customer.customer ? { customer: customer.customer.stripeCustomerId } : {}),
      ...(paymentMethod ? { paymentMethod } : {}),
      ...(step.params.setupPaymentMethodForSaving === true ? { setupFutureUsage: 'off_session' as const } : {}),
      metadata: { transactionId: step.transactionId },
    };
    const intent = await this.provider.createPaymentIntent(call, params);
    // A retry after an undone attempt finds its intent cancelled: it makes a fresh one.
    return intent.status === 'canceled' ? this.provider.createPaymentIntent({ ...call, idempotencyKey: `${call.idempotencyKey}:${Date.now()}` }, params) : intent;
  }

  /** The customer confirmed the card in the browser (Stripe.js): the intent must now await capture. */
  private async confirm(ctx: CommandContext, intentId: string, call: { marketplaceId: string; idempotencyKey: string }) {
    let intent = await this.provider.retrievePaymentIntent({ marketplaceId: ctx.marketplaceId }, intentId);
    if (intent.status === 'requires_confirmation') intent = await this.provider.confirmPaymentIntent(call, intentId);
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded' && intent.status !== 'processing')
      throw apiError(402, 'transaction-payment-failed', `The payment is not confirmed (${intent.status}).`, { meta: { stripeMessage: `The payment intent is ${intent.status}.`, stripeCode: null, stripeDeclineCode: null } });
    return intent;
  }

  /** Refund: a captured payment is refunded (the transfer and the fee reversed); an uncaptured one is cancelled. */
  private async refund(ctx: CommandContext, intentId: string, call: { marketplaceId: string; idempotencyKey: string }) {
    const intent = await this.provider.retrievePaymentIntent({ marketplaceId: ctx.marketplaceId }, intentId);
    if (intent.status === 'canceled') return intent;
    if (intent.status === 'succeeded') {
      await this.provider.refundPaymentIntent(call, intentId);
      return { ...intent, status: 'refunded' } as unknown as ProviderPaymentIntent;
    }
    return this.provider.cancelPaymentIntent(call, intentId);
  }

  /** The provider's payout of the transaction's payout total from the connected account. */
  private async payout(ctx: CommandContext, step: PaymentStep, call: { marketplaceId: string; idempotencyKey: string }) {
    const provider = await this.accounts.state(ctx.marketplaceId, step.after.providerId!);
    const total = step.after.payoutTotal;
    if (!provider.account || !total || total.amount <= 0) return;
    await this.provider.createPayout(call, provider.account.stripeAccountId, { amount: total.amount, currency: total.currency });
  }
}
