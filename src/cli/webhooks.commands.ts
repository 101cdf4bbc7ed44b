import { InvalidArgumentError, type Command } from 'commander';
import { operatorContext } from '../shared/command-context';
import type { DeliveryAttempt } from '../webhooks/domain/delivery-attempt';
import { StartPoint, SubscriptionView, WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { CliContext, output, withCliRefusals } from './cli-context';
import { nonNegativeInteger } from './numeric-options';

const EVENT_TYPES = /^[a-zA-Z]+(\/[a-zA-Z-]+)?(,[a-zA-Z]+(\/[a-zA-Z-]+)?)*,?$/;
const eventTypesOption = (value: string): string => {
  if (value !== '' && !EVENT_TYPES.test(value)) throw new InvalidArgumentError('It must be event types or resource types, comma-separated (listing/created,user).');
  return value;
};
const formatOption = (value: string): 'json' | 'transit' => {
  if (value !== 'json' && value !== 'transit') throw new InvalidArgumentError('It must be json or transit.');
  return value;
};
const timeOption = (value: string): Date => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError('It must be an ISO 8601 time.');
  return at;
};
const typesOf = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value.split(',').filter(Boolean));

const line = (s: SubscriptionView) =>
  [s.id, s.enabled ? 'enabled ' : 'DISABLED', s.targetUrl, s.eventTypes?.join(',') ?? '(all events)', `from ${s.startAfterSequenceId} (generation ${s.generation})`, s.disabledReason ? `\n    disabled: ${s.disabledReason}` : '']
    .join('  ')
    .trimEnd();
const attemptLine = (a: DeliveryAttempt) =>
  [String(a.attempt).padStart(6), a.at, String(a.sequenceId).padStart(8), a.outcome.padEnd(12), String(a.status ?? '-').padEnd(4), `${a.latencyMs} ms`, JSON.stringify(a.excerpt.slice(0, 80))].join('  ');

/** Runs a webhooks command; a refusal (bad URL, unknown id) is one line. */
const withWebhooks = <T>(work: (subscriptions: WebhookSubscriptions, ctx: CliContext) => Promise<T>) =>
  withCliRefusals((ctx) => work(ctx.app.get(WebhookSubscriptions), ctx));

export const registerWebhookCommands = (program: Command): void => {
  const webhooks = program.command('webhooks').description("a marketplace's webhook subscriptions: signed pushes of its events (docs/webhooks.md)");

  webhooks
    .command('add <targetUrl>')
    .description('subscribe a URL (https; http only to localhost); prints the signing secret once')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('--event-types <types>', 'event types or resource types, comma-separated (default: every event)', eventTypesOption)
    .option('--format <format>', 'json (default) or transit', formatOption)
    .option('--start-after <sequenceId>', 'deliver events after this sequenceId (default: from now on)', nonNegativeInteger)
    .option('--disabled', 'add it disabled', false)
    .option('--json', 'machine-readable output', false)
    .action(async (targetUrl: string, opts: { marketplace: string; eventTypes?: string; format?: 'json' | 'transit'; startAfter?: number; disabled: boolean; json: boolean }) =>
      withWebhooks(async (subscriptions, { clock }) => {
        const start: StartPoint = opts.startAfter === undefined ? 'head' : { startAfterSequenceId: opts.startAfter };
        const input = { targetUrl, eventTypes: typesOf(opts.eventTypes), format: opts.format, enabled: !opts.disabled };
        const { subscription, secret } = await subscriptions.add(operatorContext(opts.marketplace, clock.now()), input, start);
        output(opts.json, { ...subscription, secret }, () => `${line(subscription)}\nSigning secret (shown once): ${secret}`);
      }),
    );

  webhooks
    .command('list')
    .description('every subscription of the marketplace')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; json: boolean }) =>
      withWebhooks(async (subscriptions) => {
        const all = await subscriptions.list(opts.marketplace);
        output(opts.json, all, () => all.map(line).join('\n') || 'No webhook subscriptions.');
      }),
    );

  webhooks
    .command('update <id>')
    .description('change the target, the event types or the format; --enable resumes a disabled subscription from its cursor')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('--target-url <url>', 'the new target')
    .option('--event-types <types>', 'event types or resource types, comma-separated ("" for every event)', eventTypesOption)
    .option('--format <format>', 'json or transit', formatOption)
    .option('--enable', 'enable (resume delivery)')
    .option('--disable', 'disable (pause delivery)')
    .option('--rotate-secret', 'a new signing secret, printed once; the old one signs too during the overlap')
    .option('--json', 'machine-readable output', false)
    .action(async (id: string, opts: { marketplace: string; targetUrl?: string; eventTypes?: string; format?: 'json' | 'transit'; enable?: boolean; disable?: boolean; rotateSecret?: boolean; json: boolean }) => {
      if (opts.enable && opts.disable) throw new Error('Give --enable or --disable, not both.');
      return withWebhooks(async (subscriptions, { clock }) => {
        const ctx = operatorContext(opts.marketplace, clock.now());
        const enabled = opts.enable ? true : opts.disable ? false : undefined;
        let view = await subscriptions.update(ctx, id, { targetUrl: opts.targetUrl, eventTypes: typesOf(opts.eventTypes), format: opts.format, enabled });
        let secret: string | undefined;
        if (opts.rotateSecret) ({ subscription: view, secret } = await subscriptions.rotateSecret(ctx, id));
        output(opts.json, { ...view, ...(secret ? { secret } : {}) }, () => [line(view), ...(secret ? [`New signing secret (shown once): ${secret}`] : [])].join('\n'));
      });
    });

  webhooks
    .command('remove <id>')
    .description('delete a subscription (nothing more is sent to it)')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .action(async (id: string, opts: { marketplace: string }) =>
      withWebhooks(async (subscriptions, { clock }) => {
        await subscriptions.remove(operatorContext(opts.marketplace, clock.now()), id);
        console.log(`Webhook subscription ${id} removed.`);
      }),
    );

  webhooks
    .command('test <id>')
    .description('POST a signed webhook/test event to the target now and print how it answered')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('--json', 'machine-readable output', false)
    .action(async (id: string, opts: { marketplace: string; json: boolean }) =>
      withWebhooks(async (subscriptions, { clock }) => {
        const result = await subscriptions.test(opts.marketplace, id, clock.now());
        output(opts.json, result, () => `${result.outcome} ${result.status ?? ''} in ${result.latencyMs} ms ${JSON.stringify(result.excerpt.slice(0, 200))}`);
        if (result.outcome !== 'acknowledged') process.exitCode = 1;
      }),
    );

  webhooks
    .command('deliveries <id>')
    .description('the delivery log: the latest attempts, newest first (time, sequenceId, outcome, status, latency, response excerpt)')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('-l, --limit <n>', 'at most this many (default 20, at most 100 are kept)', nonNegativeInteger, 20)
    .option('--json', 'machine-readable output', false)
    .action(async (id: string, opts: { marketplace: string; limit: number; json: boolean }) =>
      withWebhooks(async (subscriptions) => {
        const attempts = await subscriptions.deliveries(opts.marketplace, id, Math.min(100, Math.max(1, opts.limit)));
        output(opts.json, attempts, () => attempts.map(attemptLine).join('\n') || 'No delivery attempts yet.');
      }),
    );

  webhooks
    .command('replay <id>')
    .description('send again, in order, every matching event after a sequenceId or from a time')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .option('--start-after <sequenceId>', 'after this sequenceId', nonNegativeInteger)
    .option('--from <time>', 'from the first event created at or after this ISO 8601 time', timeOption)
    .option('--json', 'machine-readable output', false)
    .action(async (id: string, opts: { marketplace: string; startAfter?: number; from?: Date; json: boolean }) => {
      if ((opts.startAfter === undefined) === (opts.from === undefined)) throw new Error('Give --start-after <sequenceId> or --from <time> (one of them).');
      return withWebhooks(async (subscriptions, { clock }) => {
        const start = opts.from ? { createdAtStart: opts.from } : { startAfterSequenceId: opts.startAfter! };
        const view = await subscriptions.replay(operatorContext(opts.marketplace, clock.now()), id, start);
        output(opts.json, view, () => `Replaying ${id} after sequenceId ${view.startAfterSequenceId} (generation ${view.generation}).`);
      });
    });
};
