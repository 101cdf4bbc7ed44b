import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config';
import { CommandRunner } from '../event-sourcing/command-runner';
import { ALL_MARKETPLACES } from '../event-sourcing/scheduled-jobs.projection';
import { EVENT_STORE, EventStore, RecordedEvent } from '../event-store/event-store.port';
import { DOCUMENTS, DocumentStore } from '../read-models/document-store.port';
import { invalidValue, notFound } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { IDS, IdGenerator } from '../shared/ids';
import type { DeliveryAttempt } from './domain/delivery-attempt';
import { signingKeysAt, SubscriptionCommand, subscriptionDecider, SubscriptionSettings, SubscriptionState } from './domain/webhook-subscription';
import { checkTargetAddresses, targetUrlProblem } from './target-policy';
import { newNonce, secretOf, signingKey } from './webhook-secrets';
import { deliveryBody, SendResult, WebhookSender } from './webhook-sender';
import { subscriptionStream } from './webhook-streams';
import { WEBHOOK_DELIVERIES, WEBHOOK_SUBSCRIPTIONS } from './webhooks.projection';

/** A subscription as the API and the CLI show it (never a secret: that is shown once, when made or rotated). */
export interface SubscriptionView {
  id: string;
  marketplaceId: string;
  targetUrl: string;
  eventTypes: string[] | null;
  format: 'json' | 'transit';
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
  createdAt: string;
  /** The cursor generation (bumped by each replay) and where it started. */
  generation: number;
  startAfterSequenceId: number;
  /** When the previous key stops signing, during a rotation's overlap; null otherwise. */
  previousSecretValidUntil: string | null;
}

export type StoredSubscription = SubscriptionState & { marketplaceId: string };

export interface SubscriptionInput {
  targetUrl?: string;
  eventTypes?: string[] | null;
  format?: 'json' | 'transit';
  enabled?: boolean;
}

/** Where a replay or a new subscription starts: after a sequenceId, or at the first event created at or after a time. */
export type StartPoint = { startAfterSequenceId: number } | { createdAtStart: Date } | 'head';

/**
 * Webhook subscriptions of a marketplace: the Integration API's trusted side and the operator CLI both manage them
 * here. Commands go through the runner (one stream per subscription); reads come from the `webhooks` read model.
 */
@Injectable()
export class WebhookSubscriptions {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(EVENT_STORE) private readonly log: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async add(ctx: CommandContext, input: Required<Pick<SubscriptionInput, 'targetUrl'>> & SubscriptionInput, start: StartPoint): Promise<{ subscription: SubscriptionView; secret: string }> {
    await this.checkTarget(input.targetUrl);
    const id = this.ids.next();
    const nonce = newNonce();
    const settings: SubscriptionSettings = { targetUrl: input.targetUrl, eventTypes: input.eventTypes ?? null, format: input.format ?? 'json' };
    const startAfterSequenceId = await this.positionOf(ctx.marketplaceId, start);
    await this.decide(ctx, id, { type: 'add', id, settings, nonce, startAfterSequenceId, now: ctx.now });
    if (input.enabled === false) await this.decide(ctx, id, { type: 'update', settings: {}, enabled: false, now: ctx.now });
    return { subscription: await this.show(ctx.marketplaceId, id), secret: secretOf(this.config.tokenSecret, id, nonce) };
  }

  async update(ctx: CommandContext, id: string, input: SubscriptionInput): Promise<SubscriptionView> {
    if (input.targetUrl !== undefined) await this.checkTarget(input.targetUrl);
    const { enabled, ...settings } = input;
    await this.decide(ctx, id, { type: 'update', settings, enabled, now: ctx.now });
    return this.show(ctx.marketplaceId, id);
  }

  async remove(ctx: CommandContext, id: string): Promise<void> {
    await this.decide(ctx, id, { type: 'remove', now: ctx.now });
  }

  /** A new secret, shown once; the previous one keeps signing (a second signature) for WEBHOOK_SECRET_OVERLAP_SECONDS. */
  async rotateSecret(ctx: CommandContext, id: string): Promise<{ subscription: SubscriptionView; secret: string }> {
    const nonce = newNonce();
    await this.decide(ctx, id, { type: 'rotate-secret', nonce, overlapMs: this.config.webhooks.secretOverlapMs, now: ctx.now });
    return { subscription: await this.show(ctx.marketplaceId, id), secret: secretOf(this.config.tokenSecret, id, nonce) };
  }

  /** Sends again, in order, every matching event after the start point (a new cursor generation). */
  async replay(ctx: CommandContext, id: string, start: Exclude<StartPoint, 'head'>): Promise<SubscriptionView> {
    await this.state(ctx.marketplaceId, id);
    const startAfterSequenceId = await this.positionOf(ctx.marketplaceId, start);
    await this.decide(ctx, id, { type: 'replay', startAfterSequenceId, now: ctx.now });
    return this.show(ctx.marketplaceId, id);
  }

  /** Delivery gave up (the worker); an operator's update with enabled=true resumes from the cursor. */
  async disableAfterFailures(ctx: CommandContext, id: string, reason: string): Promise<void> {
    await this.decide(ctx, id, { type: 'disable-after-failures', reason, now: ctx.now });
  }

  async show(marketplaceId: string, id: string): Promise<SubscriptionView> {
    return viewOf(await this.state(marketplaceId, id), marketplaceId);
  }

  async list(marketplaceId: string): Promise<SubscriptionView[]> {
    const page = await this.documents.query<StoredSubscription>(WEBHOOK_SUBSCRIPTIONS, {
      marketplaceId: ALL_MARKETPLACES,
      where: [{ field: 'marketplaceId', op: 'eq', value: marketplaceId }],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      offset: 0,
      limit: 1000,
    });
    return page.items.map((s) => viewOf(s, marketplaceId));
  }

  /** The delivery log, newest first (at most DELIVERY_LOG_SIZE attempts are kept). */
  async deliveries(marketplaceId: string, id: string, limit = 100): Promise<DeliveryAttempt[]> {
    await this.state(marketplaceId, id);
    const page = await this.documents.query<DeliveryAttempt>(WEBHOOK_DELIVERIES, {
      marketplaceId,
      where: [{ field: 'subscriptionId', op: 'eq', value: id }],
      sort: [{ field: 'attempt', direction: 'desc' }],
      offset: 0,
      limit,
    });
    return page.items;
  }

  /** POSTs a `webhook/test` event (no sequenceId) signed like a delivery, now; not recorded, nothing retried. */
  async test(marketplaceId: string, id: string, now: Date): Promise<SendResult> {
    const s = await this.state(marketplaceId, id);
    const event: Pick<RecordedEvent, 'id' | 'type' | 'position' | 'metadata'> = {
      id: this.ids.next(),
      type: 'webhook/test',
      position: 0,
      metadata: { marketplaceId, createdAt: now.toISOString(), public: false, resourceType: 'webhookSubscription', resourceId: id, resource: null },
    };
    const sender = new WebhookSender({ allowPrivate: this.config.webhooks.allowPrivateTargets, timeoutMs: this.config.webhooks.timeoutMs });
    try {
      const keys = signingKeysAt(s, now).map((k) => signingKey(this.config.tokenSecret, id, k.nonce));
      return await sender.send({ targetUrl: s.targetUrl, format: s.format, keys }, event.id, deliveryBody(event, s.format));
    } finally {
      await sender.close();
    }
  }

  private async state(marketplaceId: string, id: string): Promise<SubscriptionState> {
    const state = await this.runner.state<SubscriptionState>(subscriptionStream(marketplaceId, id));
    if (!state.exists) throw notFound('No such webhook subscription.');
    return state;
  }

  private async decide(ctx: CommandContext, id: string, command: SubscriptionCommand): Promise<void> {
    await this.runner.run({
      ctx,
      streams: { subscription: subscriptionStream(ctx.marketplaceId, id) },
      decide: (s) => ({ events: { subscription: subscriptionDecider.decide(command, s.subscription) } }),
    });
  }

  private async checkTarget(targetUrl: string): Promise<void> {
    const problem = targetUrlProblem(targetUrl);
    if (problem) throw invalidValue(['targetUrl'], 'body', problem);
    await checkTargetAddresses(targetUrl, this.config.webhooks.allowPrivateTargets).catch((error: Error) => {
      throw invalidValue(['targetUrl'], 'body', `Target refused: ${error.message}.`);
    });
  }

  private async positionOf(marketplaceId: string, start: StartPoint): Promise<number> {
    if (start === 'head') return this.log.headPosition();
    if ('startAfterSequenceId' in start) return start.startAfterSequenceId;
    const [first] = await this.log.readAll({ after: 0, limit: 1, filter: { marketplaceId, publicOnly: true, createdAtStart: start.createdAtStart.toISOString() } });
    return first ? first.position - 1 : await this.log.headPosition();
  }
}

const viewOf = (s: SubscriptionState, marketplaceId: string): SubscriptionView => ({
  id: s.id,
  marketplaceId,
  targetUrl: s.targetUrl,
  eventTypes: s.eventTypes,
  format: s.format,
  enabled: s.enabled,
  disabledReason: s.disabledReason,
  disabledAt: s.disabledAt,
  createdAt: s.createdAt,
  generation: s.cursor.generation,
  startAfterSequenceId: s.cursor.startAfterSequenceId,
  previousSecretValidUntil: s.keys.find((k) => k.validUntil !== null)?.validUntil ?? null,
});
