import { Controller, Inject } from '@nestjs/common';
import { IsDefined, IsOptional, IsString, Length } from 'class-validator';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { REACTOR_CONTROLS, type ReactorControls } from '../../event-sourcing/reactor-controls';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port';
import { Api, ApiRequest } from '../../http/api-request';
import { paginationMeta } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { NoParams } from '../../http/validation';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { uuidNamedBy } from '../../shared/ids';
import { EMULATOR_CLOCK_SCHEMA, MAIL_SCHEMA, PAYMENT_EMULATOR_SCHEMA, PAYMENTS_REPORT_SCHEMA, REACTOR_SCHEMA } from './operations.schemas';
import { MAILER, type Mailer } from '../../mail/mailer.port';
import { CONFIG, type Config } from '../../config';
import { advanceEmulatorClock, durationMs } from '../../payments/emulator/emulator-clock';
import { EmulatedPaymentProvider } from '../../payments/emulator/emulated-payment-provider';
import { resetEmulator } from '../../payments/emulator/emulator-reset';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { paymentsReport } from '../../payments/payments-report';
import { apiError, invalidValueItem, ApiError, notFound } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { OPERATOR_SESSION_CHECK, type OperatorSessionCheck } from '../../auth/operator-session-check';

export class ReactorNameBody {
  @IsDefined() @IsString() @Length(1, 200) name!: string;
}

export class PaymentsShowQuery {
  @IsOptional() @IsString() @Length(36, 36) userId?: string;
}

export class ClockAdvanceBody {
  @IsDefined() @IsString() @Length(2, 40) duration!: string;
}

const emulatorOff = () => apiError(409, 'payment-emulator-off', 'The payment emulator is off: this server takes payments through Stripe.');

/**
 * What the console's Operations pages do beyond reading /health/ready (docs/console.md): resume a stopped reactor,
 * read the mail outbox (embedded mode), see payments, and drive the payment emulator (its clock, a reset). Only a
 * console operator's token may call them (403 for any other Integration API client: mails hold password-reset
 * links); what reaches the whole installation (reactors, the clock) needs an operator of every marketplace.
 */
@Controller('v1/integration_api')
export class OperationsOperatorController {
  constructor(
    @Inject(OPERATOR_SESSION_CHECK) private readonly sessions: OperatorSessionCheck,
    private readonly respond: Responder,
    private readonly runner: CommandRunner,
    @Inject(REACTOR_CONTROLS) private readonly reactors: ReactorControls,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @ApiCommand('x-reactors/resume', INTEGRATION_TOKEN, { body: ReactorNameBody, returns: REACTOR_SCHEMA, summary: 'Retries a stopped reactor (console operators of every marketplace)' })
  async resumeReactor(@Api() api: ApiRequest) {
    const { name } = bodyOf(api, ReactorNameBody);
    await this.sessions.assertOperator(api.auth, 'installation');
    const outcome = await this.reactors.resume(name, this.clock.now());
    if (outcome === 'unknown') throw notFound(`No reactor named "${name}" has a checkpoint.`);
    return this.respond.command(api, { id: uuidNamedBy(`reactor/${name}`), type: 'reactor', attributes: { name, resumed: outcome === 'resumed' } });
  }

  @ApiQuery('x-mail/outbox', INTEGRATION_TOKEN, { paginated: true, returns: [MAIL_SCHEMA], summary: "The marketplace's mails in the embedded outbox, newest first (console operators)" })
  async outbox(@Api() api: ApiRequest) {
    await this.sessions.assertOperator(api.auth, 'marketplace');
    if (this.config.smtpUrl) throw apiError(409, 'mail-outbox-off', 'Mails go out through SMTP (SMTP_URL): this server keeps no outbox.');
    const { page, perPage } = api.common;
    const newestFirst = (await this.mailer.outbox(api.auth.marketplaceId)).reverse();
    const resources = newestFirst.slice((page - 1) * perPage, page * perPage).map((m) => ({
      id: m.id,
      type: 'mail',
      attributes: { to: m.to, template: m.template, subject: m.subject, text: m.text, sentAt: new Date(m.sentAt) },
    }));
    return this.respond.many(api, resources, paginationMeta(newestFirst.length, api.common));
  }

  @ApiQuery('x-payments/show', INTEGRATION_TOKEN, { query: PaymentsShowQuery, returns: PAYMENTS_REPORT_SCHEMA, summary: 'Payout accounts, customers and payment intents (console operators)' })
  async payments(@Api() api: ApiRequest) {
    const q = queryOf(api, PaymentsShowQuery);
    await this.sessions.assertOperator(api.auth, 'marketplace');
    const report = await paymentsReport(this.events, this.runner, this.provider, api.auth.marketplaceId, q.userId);
    const emulated = this.provider instanceof EmulatedPaymentProvider;
    return this.respond.one(api, { id: api.auth.marketplaceId, type: 'paymentsReport', attributes: { provider: emulated ? 'emulator' : 'stripe', ...report } });
  }

  @ApiCommand('x-emulator/clock_advance', INTEGRATION_TOKEN, { body: ClockAdvanceBody, returns: EMULATOR_CLOCK_SCHEMA, summary: "Moves the payment emulator's clock ahead (console operators of every marketplace)" })
  async advanceClock(@Api() api: ApiRequest) {
    const { duration } = bodyOf(api, ClockAdvanceBody);
    await this.sessions.assertOperator(api.auth, 'installation');
    if (!(this.provider instanceof EmulatedPaymentProvider)) throw emulatorOff();
    try {
      durationMs(duration);
    } catch (error) {
      throw new ApiError(invalidValueItem(['duration'], 'body', (error as Error).message));
    }
    const offsetMs = await advanceEmulatorClock(this.runner, duration, this.clock.now());
    return this.respond.command(api, { id: uuidNamedBy('emulator-clock'), type: 'emulatorClock', attributes: { offsetMs, advancedBy: duration } });
  }

  @ApiCommand('x-emulator/reset', INTEGRATION_TOKEN, { body: NoParams, returns: PAYMENT_EMULATOR_SCHEMA, summary: "Empties the marketplace's emulated payment provider (console operators)" })
  async resetEmulator(@Api() api: ApiRequest) {
    await this.sessions.assertOperator(api.auth, 'marketplace');
    if (!(this.provider instanceof EmulatedPaymentProvider)) throw emulatorOff();
    const generation = await resetEmulator(this.runner, api.auth.marketplaceId, this.clock.now());
    return this.respond.command(api, { id: api.auth.marketplaceId, type: 'paymentEmulator', attributes: { generation } });
  }
}
