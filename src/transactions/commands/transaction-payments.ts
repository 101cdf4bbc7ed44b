import { Inject, Injectable } from '@nestjs/common';
import { PaymentAccounts } from '../../payments/payment-accounts';
import { PAYMENT_PROVIDER, PaymentProviderError, type PaymentProvider, type ProviderPaymentIntent } from '../../payments/payment-provider.port';
import { apiError, conflict } from '../../shared/api-error';
import type { CommandContext } from '../../shared/command-context';
import type { PaymentOutcome } from '../domain/action';
import type { PaymentStep } from '../domain/payment-claim';

/** What could be put back at the provider after a transition that called it was not stored. */
export interface Reversal {
  reversed: string[];
  unreversed: string[];
}

/** The start of every idempotency key of a step: one transition of one transaction. */
const keyBase = (ctx: CommandContext, step: PaymentStep) => `${ctx.marketplaceId}:${step.transactionId}:${step.transitionCount}:${step.transition}`;

const paymentFailed = (e: PaymentProviderError) =>
  apiError(402, 'transaction-payment-failed', e.body.message, { meta: { stripeMessage: e.body.message, stripeCode: e.body.code ?? null, stripeDeclineCode: e.body.decline_code ?? null } });

/**
 * The provider side of a transition's Stripe actions, called outside any store transaction, only for a claimed
 * transition (payment-claims.ts), with idempotency keys derived from the transaction, the number of transitions it
 * has taken and the transition: whoever settles the claim (the request, or the reconciler after a crash) gets the
 * same intent, capture, refund or payout. A transition that is then not stored is reversed (`reverse`, also keyed).
 */
@Injectable()
export class TransactionPayments {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly accounts: PaymentAccounts,
  ) {}

  async prepare(ctx: CommandContext, step: PaymentStep): Promise<PaymentOutcome> {
    const call = (action: string) => ({ marketplaceId: ctx.marketplaceId, idempotencyKey: `${keyBase(ctx, step)}:${action}` });
    let intent: ProviderPaymentIntent | null = null;
    try {
      for (const { name, config } of step.actions) {
        const current = intent?.id ?? step.intentId;
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

  /**
   * After a prepared transition was not stored: an intent it created is cancelled (refunded if it was already
   * captured), a capture it made is refunded; a refund or a payout cannot be taken back and is reported. Keyed, so
   * the request and the reconciler reversing the same step reverse it once.
   */
  async reverse(ctx: CommandContext, step: PaymentStep, outcome: PaymentOutcome): Promise<Reversal> {
    const reversal: Reversal = { reversed: [], unreversed: [] };
    const call = { marketplaceId: ctx.marketplaceId, idempotencyKey: `${keyBase(ctx, step)}:undo` };
    const names = step.actions.map((a) => a.name);
    const created = names.some((n) => n.startsWith('action/stripe-create-payment-intent'));
    const intentId = outcome.intent?.id;
    if (intentId && (created || names.includes('action/stripe-capture-payment-intent'))) {
      const intent = await this.provider.retrievePaymentIntent({ marketplaceId: ctx.marketplaceId }, intentId);
      if (intent.status === 'succeeded') {
        await this.provider.refundPaymentIntent(call, intentId);
        reversal.reversed.push(`refund ${intentId}`);
      } else if (created && intent.status !== 'canceled') {
        await this.provider.cancelPaymentIntent(call, intentId);
        reversal.reversed.push(`cancel ${intentId}`);
      }
    }
    for (const name of names) if (name === 'action/stripe-refund-payment' || name === 'action/stripe-create-payout') reversal.unreversed.push(name);
    return reversal;
  }

  private async createIntent(ctx: CommandContext, step: PaymentStep, config: Record<string, unknown>, call: { marketplaceId: string; idempotencyKey: string }) {
    const provider = await this.accounts.state(ctx.marketplaceId, step.providerId);
    if (!provider.account) throw conflict('transaction-missing-stripe-account', 'The provider has no payout account.');
    const customer = await this.accounts.state(ctx.marketplaceId, step.customerId);
    const payin = step.payinTotal!;
    const given = typeof step.params.paymentMethod === 'string' ? step.params.paymentMethod : undefined;
    const useDefault = config['use-customer-default-payment-method?'] === true;
    const paymentMethod = given ?? (useDefault ? customer.customer?.defaultPaymentMethod?.id : undefined);
    const params = {
      amount: payin.amount,
      currency: payin.currency,
      captureMethod: 'manual' as const,
      applicationFeeAmount: payin.amount - (step.payoutTotal?.amount ?? 0),
      transferDestination: provider.account.stripeAccountId,
      ...(customer.customer ? { customer: customer.customer.stripeCustomerId } : {}),
      ...(paymentMethod ? { paymentMethod } : {}),
      ...(step.params.setupPaymentMethodForSaving === true ? { setupFutureUsage: 'off_session' as const } : {}),
      metadata: { transactionId: step.transactionId },
    };
    const intent = await this.provider.createPaymentIntent(call, params);
    // A new claim after a reversed attempt finds that attempt's intent cancelled: it makes a fresh one, keyed by the
    // claim (so the request and the reconciler settling the same claim still get one intent).
    return intent.status === 'canceled' && step.claimId ? this.provider.createPaymentIntent({ ...call, idempotencyKey: `${call.idempotencyKey}:${step.claimId}` }, params) : intent;
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
    const provider = await this.accounts.state(ctx.marketplaceId, step.providerId);
    const total = step.payoutTotal;
    if (!provider.account || !total || total.amount <= 0) return;
    await this.provider.createPayout(call, provider.account.stripeAccountId, { amount: total.amount, currency: total.currency });
  }
}
