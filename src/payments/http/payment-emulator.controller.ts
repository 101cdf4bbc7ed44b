import { Body, Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { answer, Describe, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicBaseUrlOf } from '../../http/base-url';
import { CONFIG, type Config } from '../../config';
import { PaymentProviderError } from '../domain/provider-error';
import type { CardDetails } from '../domain/test-cards';
import { EmulatedPaymentProvider } from '../emulator/emulated-payment-provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.port';
import { stripeJsStandIn } from './stripe-js-stand-in';

type PaymentMethodInput = string | { card?: CardDetails; billing_details?: Record<string, unknown> } | undefined;

/**
 * The emulated provider's own HTTP surface, what Stripe's servers are to Stripe.js: the Stripe.js stand-in script,
 * tokens, confirming payment and setup intents with a client secret, and the hosted onboarding page an account
 * link opens. Answers are Stripe's JSON (`{paymentIntent}`, `{setupIntent}` or `{error}`); SDK tests call the same
 * confirm endpoint to pay without a browser. With STRIPE_SECRET_KEY set there is no emulator and these are 404.
 */
/** The emulator answers as Stripe's API does (JSON, its own error shape). */
const EMULATOR_ANSWERS = { '200': answer('As Stripe answers', 'application/json'), '4XX': answer("Stripe's error", 'application/json') };

@Controller('v1/emulator')
export class PaymentEmulatorController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  private emulator(reply: FastifyReply): EmulatedPaymentProvider | null {
    if (this.provider instanceof EmulatedPaymentProvider) return this.provider;
    void reply.status(404).header('content-type', 'application/json').send(JSON.stringify({ error: { type: 'invalid_request_error', message: 'The payment emulator is off: this server uses Stripe.' } }));
    return null;
  }

  /** Runs an emulator call and answers Stripe-style: the result, or `{error}` with 402 for card errors, 400 else. */
  private async answer(reply: FastifyReply, work: (emulator: EmulatedPaymentProvider) => Promise<unknown>): Promise<void> {
    const emulator = this.emulator(reply);
    if (!emulator) return;
    try {
      const result = await work(emulator);
      void reply.status(200).header('content-type', 'application/json').send(JSON.stringify(result));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      void reply.status(error.body.type === 'card_error' ? 402 : 400).header('content-type', 'application/json').send(JSON.stringify({ error: error.body }));
    }
  }

  @Get(['stripe/v3', 'stripe/v3/*'])
  @Describe(serviceOperation('Service', 'Payment emulator: the Stripe.js stand-in script', { '200': answer('The script', 'text/javascript') }))
  script(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    if (!this.emulator(reply)) return;
    const origin = publicBaseUrlOf(request, this.config.publicBaseUrl);
    void reply.status(200).header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(stripeJsStandIn(origin));
  }

  @Post('stripe/tokens')
  @Describe(serviceOperation('Service', 'Payment emulator: create a token (Stripe.js stand-in)', EMULATOR_ANSWERS))
  token(@Body() body: { type?: string; data?: Record<string, unknown> }, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(reply, async (emulator) => {
      const type = body?.type;
      if (type !== 'account' && type !== 'person' && type !== 'bank_account')
        throw new PaymentProviderError({ type: 'invalid_request_error', message: 'type must be account, person or bank_account', param: 'type' });
      const data = body?.data;
      return { token: await emulator.createToken(type, data && typeof data === 'object' && !Array.isArray(data) ? data : {}) };
    });
  }

  /** Stripe.js `retrievePaymentIntent` (a POST, so the client secret stays out of URLs and request logs). */
  @Post('stripe/payment_intents/retrieve')
  @Describe(serviceOperation('Service', 'Payment emulator: a payment intent by its client secret', EMULATOR_ANSWERS))
  retrieve(@Body() body: { client_secret?: string }, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(reply, async (emulator) => ({ paymentIntent: (await emulator.bySecret('paymentIntent', String(body?.client_secret ?? ''))).seti }));
  }

  /** Stripe.js `confirmCardPayment`: with a card typed in, a payment method id, or the one set on the intent. */
  @Post('stripe/payment_intents/confirm')
  @Describe(serviceOperation('Service', 'Payment emulator: confirm a payment intent', EMULATOR_ANSWERS))
  confirmPayment(@Body() body: { client_secret?: string; payment_method?: PaymentMethodInput; authenticate?: boolean }, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(reply, async (emulator) => {
      const { marketplaceId, seti: pi } = await emulator.bySecret('paymentIntent', String(body?.client_secret ?? ''));
      const key = `stripe-js-${randomBytes(12).toString('hex')}`;
      const call = { marketplaceId, idempotencyKey: key };
      const method = body?.payment_method;
      const pmId =
        typeof method === 'string'
          ? method
          : method?.card
            ? (await emulator.createCardPaymentMethod({ marketplaceId, idempotencyKey: `${key}:pm` }, method.card, method.billing_details ?? null)).id
            : undefined;
      let intent = await emulator.confirmPaymentIntent(call, pi.id, { paymentMethod: pmId });
      // Stripe.js would show the bank's 3-D Secure page here; the stand-in answers it as an approving customer.
      if (intent.status === 'requires_action' && body?.authenticate !== false)
        intent = await emulator.authenticatePaymentIntent({ marketplaceId, idempotencyKey: `${key}:3ds` }, pi.id, true);
      return { paymentIntent: intent };
    });
  }

  /** Stripe.js `confirmCardSetup` / `handleCardSetup`. */
  @Post('stripe/setup_intents/confirm')
  @Describe(serviceOperation('Service', 'Payment emulator: confirm a setup intent', EMULATOR_ANSWERS))
  confirmSetup(@Body() body: { client_secret?: string; payment_method?: PaymentMethodInput }, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(reply, async (emulator) => {
      const method = body?.payment_method;
      const setupIntent = await emulator.confirmSetupIntent(
        String(body?.client_secret ?? ''),
        typeof method === 'string' ? { id: method } : { card: method?.card, billingDetails: method?.billing_details ?? null },
      );
      return { setupIntent };
    });
  }

  /** The account link's "hosted onboarding": verifies the account and sends the browser to the link's URL. */
  @Get('connect/onboarding/:marketplace/:account/:link')
  @Describe(serviceOperation('Service', 'Payment emulator: the hosted onboarding page of an account link', { '200': answer('The page', 'text/html'), ...ERROR_ANSWERS }))
  async onboarding(@Param('marketplace') marketplace: string, @Param('account') account: string, @Param('link') link: string, @Res() reply: FastifyReply): Promise<void> {
    const emulator = this.emulator(reply);
    if (!emulator) return;
    const next = await emulator.visitAccountLink(marketplace, account, link);
    if (!next) {
      void reply.status(404).header('content-type', 'text/html; charset=utf-8').send('<!doctype html><title>Link not found</title><p>This onboarding link does not exist.</p>');
      return;
    }
    void reply.status(302).header('location', next).send();
  }
}
