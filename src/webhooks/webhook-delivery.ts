import type { CommandRunner } from '../event-sourcing/command-runner';
import { checkpointAt, ConsumerCheckpoint, ConsumerCheckpoints } from '../event-sourcing/consumer-checkpoints.port';
import type { LeasableWork } from '../event-sourcing/leased-worker';
import type { ReactorLogger } from '../event-sourcing/reactor-engine';
import { ALL_MARKETPLACES } from '../event-sourcing/scheduled-jobs.projection';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port';
import type { DocumentStore } from '../read-models/document-store.port';
import { backoffDelay } from '../shared/backoff';
import type { Clock } from '../shared/clock';
import { operatorContext } from '../shared/command-context';
import type { WebhookSettings } from '../config';
import type { DeliveryAttempt, DeliveryOutcome } from './domain/delivery-attempt';
import { cursorName, signingKeysAt, subscriptionDecider } from './domain/webhook-subscription';
import { signingKey } from './webhook-secrets';
import { deliveryBody, WebhookSender } from './webhook-sender';
import { deliveriesStream, subscriptionStream } from './webhook-streams';
import { WEBHOOK_DELIVERIES, WEBHOOK_SUBSCRIPTIONS } from './webhooks.projection';
import type { StoredSubscription } from './webhook-subscriptions';

export interface WebhookDeliveryDeps {
  events: EventStore;
  checkpoints: ConsumerCheckpoints;
  documents: DocumentStore;
  runner: CommandRunner;
  settings: WebhookSettings;
  tokenSecret: string;
  /** The server's clock: attempt times and the retry window (ManualClock in tests: "3 days" in a moment). */
  clock: Clock;
  logger?: ReactorLogger;
}

export interface WebhookSubscriptionStatus {
  id: string;
  marketplaceId: string;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
  /** The sequenceId acknowledged last (this instance's view while it delivers). */
  position: number;
  lag: number;
  /** Failed attempts at the next event (0 when healthy). */
  attempts: number;
  failingSince: string | null;
}

export interface WebhookDeliveryStatus {
  running: boolean;
  deliveries: Record<DeliveryOutcome, number>;
  subscriptions: WebhookSubscriptionStatus[];
}

const PAGE = 100;
/** Subscriptions changed by another process (the CLI) are noticed this fast at the latest. */
const REFRESH_MS = 1000;

/**
 * Pushes each subscription's events to its target, on the one instance holding the `webhooks` lease. Each enabled
 * subscription has its own pump (a slow or hanging receiver holds only its own), which reads events/query's pages
 * from its cursor (a consumer checkpoint per cursor generation), POSTs them one at a time in sequenceId order and
 * moves on only after a 2xx. A failure is retried with exponential backoff and jitter until the retry window
 * (3 days by default) has passed since the first failure of that event; then the subscription is disabled. Attempts
 * go to the delivery log in batches before the cursor is saved: a crash re-sends from the saved cursor (at least
 * once; `webhook-id` is the event id, for the receiver's dedupe), never skips.
 */
export class WebhookDelivery implements LeasableWork {
  private readonly pumps = new Map<string, Pump>();
  private readonly counters = new Map<string, number>();
  private readonly counts: Record<DeliveryOutcome, number> = { acknowledged: 0, failed: 0, timeout: 0, refused: 0 };
  private known: StoredSubscription[] = [];
  private sender: WebhookSender | null = null;
  private subscription: Subscription | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  /** The last position known durable (the log subscription's): pumps never read past it. */
  durableHead = 0;
  running = false;
  readonly logger: ReactorLogger;

  constructor(readonly deps: WebhookDeliveryDeps) {
    this.logger = deps.logger ?? console;
  }

  async start(): Promise<void> {
    this.running = true;
    this.sender = new WebhookSender({ allowPrivate: this.deps.settings.allowPrivateTargets, timeoutMs: this.deps.settings.timeoutMs });
    this.durableHead = await this.deps.events.headPosition();
    await this.refresh();
    this.subscription = this.deps.events.subscribeToAll(this.durableHead, async (events) => this.onEvents(events));
    this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.refreshTimer.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    await this.subscription?.close();
    this.subscription = null;
    await this.refreshing;
    await Promise.all([...this.pumps.values()].map((pump) => pump.stop()));
    this.pumps.clear();
    await this.sender?.close();
    this.sender = null;
  }

  status(): WebhookDeliveryStatus {
    const subscriptions = this.known.map((s): WebhookSubscriptionStatus => {
      const pump = this.pumps.get(s.id);
      return {
        id: s.id,
        marketplaceId: s.marketplaceId,
        enabled: s.enabled,
        disabledReason: s.disabledReason,
        disabledAt: s.disabledAt,
        position: pump?.position ?? s.cursor.startAfterSequenceId,
        lag: pump ? Math.max(0, this.durableHead - pump.position) : 0,
        attempts: pump?.attempts ?? 0,
        failingSince: pump?.failingSince?.toISOString() ?? null,
      };
    });
    return { running: this.running, deliveries: { ...this.counts }, subscriptions };
  }

  /** Resolves once every enabled subscription's cursor has passed `position` (tests, benchmarks). */
  async idle(position?: number): Promise<void> {
    const target = position ?? this.durableHead;
    for (;;) {
      await this.refresh();
      const pumps = [...this.pumps.values()];
      if (pumps.every((p) => p.position >= target && p.flushed)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async onEvents(events: RecordedEvent[]): Promise<void> {
    this.durableHead = events[events.length - 1].position;
    if (events.some((e) => e.type.startsWith('webhook/') && e.type !== 'webhook/deliveries-recorded')) await this.refresh();
    for (const pump of this.pumps.values()) pump.wake();
  }

  /** Reads every subscription and makes the pumps match: one per enabled subscription and current cursor generation. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.reconcile().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async reconcile(): Promise<void> {
    try {
      const page = await this.deps.documents.query<StoredSubscription>(WEBHOOK_SUBSCRIPTIONS, { marketplaceId: ALL_MARKETPLACES, offset: 0, limit: 100_000 });
      if (!this.running) return;
      this.known = page.items;
      const wanted = new Map(page.items.filter((s) => s.enabled).map((s) => [s.id, s]));
      for (const [id, pump] of [...this.pumps]) {
        const next = wanted.get(id);
        if (next && next.cursor.generation === pump.generation) {
          pump.subscription = next;
          continue;
        }
        this.pumps.delete(id);
        await pump.stop();
      }
      for (const s of wanted.values()) {
        if (this.pumps.has(s.id)) continue;
        const pump = new Pump(this, s);
        this.pumps.set(s.id, pump);
        void pump.run();
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook subscriptions not read');
    }
  }

  /** The next attempt number of a subscription (its delivery log's ring slot), continued from the log after a restart. */
  async nextAttempt(subscription: StoredSubscription): Promise<number> {
    if (!this.counters.has(subscription.id)) {
      const [last] = (await this.lastAttempts(subscription, 1)) ?? [];
      if (!this.counters.has(subscription.id)) this.counters.set(subscription.id, last?.attempt ?? 0);
    }
    const next = this.counters.get(subscription.id)! + 1;
    this.counters.set(subscription.id, next);
    return next;
  }

  async lastAttempts(s: StoredSubscription, limit: number): Promise<DeliveryAttempt[]> {
    const page = await this.deps.documents.query<DeliveryAttempt>(WEBHOOK_DELIVERIES, {
      marketplaceId: s.marketplaceId,
      where: [{ field: 'subscriptionId', op: 'eq', value: s.id }],
      sort: [{ field: 'attempt', direction: 'desc' }],
      offset: 0,
      limit,
    });
    return page.items;
  }

  send(s: StoredSubscription, event: RecordedEvent) {
    const keys = signingKeysAt(s, this.deps.clock.now()).map((k) => signingKey(this.deps.tokenSecret, s.id, k.nonce));
    return this.sender!.send({ targetUrl: s.targetUrl, format: s.format, keys }, event.id, deliveryBody(event, s.format));
  }

  /** A pump that failed (the store did not answer): the next refresh starts it again from its saved cursor. */
  forget(pump: Pump): void {
    if (this.pumps.get(pump.subscription.id) === pump) this.pumps.delete(pump.subscription.id);
  }

  counted(outcome: DeliveryOutcome): void {
    this.counts[outcome] += 1;
  }

  async record(s: StoredSubscription, attempts: DeliveryAttempt[]): Promise<void> {
    const ctx = operatorContext(s.marketplaceId, this.deps.clock.now());
    await this.deps.runner.run({
      ctx,
      streams: { log: deliveriesStream(s.marketplaceId, s.id) },
      decide: () => ({ events: { log: [{ type: 'webhook/deliveries-recorded' as const, data: { subscriptionId: s.id, attempts } }] } }),
    });
  }

  async disable(s: StoredSubscription, reason: string): Promise<void> {
    const ctx = operatorContext(s.marketplaceId, this.deps.clock.now());
    await this.deps.runner.run({
      ctx,
      streams: { subscription: subscriptionStream(s.marketplaceId, s.id) },
      decide: (states) => ({ events: { subscription: subscriptionDecider.decide({ type: 'disable-after-failures', reason, now: ctx.now }, states.subscription) } }),
    });
    this.logger.error({ webhookSubscription: s.id, marketplaceId: s.marketplaceId, reason }, `webhook subscription ${s.id} disabled: ${reason}`);
  }
}

/** One subscription's deliveries, in order, for one cursor generation. */
class Pump {
  readonly generation: number;
  position = 0;
  attempts = 0;
  failingSince: Date | null = null;
  /** Nothing delivered here is waiting to be recorded. */
  flushed = false;
  private pending: DeliveryAttempt[] = [];
  private stopped = false;
  private done: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private interrupt: (() => void) | null = null;

  constructor(
    private readonly owner: WebhookDelivery,
    public subscription: StoredSubscription,
  ) {
    this.generation = subscription.cursor.generation;
  }

  private get name() {
    return cursorName(this.subscription.id, this.generation);
  }

  run(): Promise<void> {
    this.done = this.loop().catch((error: unknown) => {
      this.owner.logger.error({ webhookSubscription: this.subscription.id, err: error }, 'webhook delivery failed; started again at the next refresh');
      this.owner.forget(this);
    });
    return this.done;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    this.interrupt?.();
    await this.done;
  }

  wake(): void {
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    const { checkpoints, events } = this.owner.deps;
    let record = await checkpoints.load(this.name);
    if (!record) {
      record = checkpointAt(this.subscription.cursor.startAfterSequenceId, this.owner.deps.clock.now());
      await checkpoints.save(this.name, record);
    }
    this.position = record.position;
    this.attempts = record.attempts;
    if (record.attempts > 0) this.failingSince = await this.firstFailureSince();
    while (!this.stopped) {
      const until = this.owner.durableHead;
      const s = this.subscription;
      const page =
        until > this.position
          ? await events.readAll({ after: this.position, until, limit: PAGE, filter: { marketplaceId: s.marketplaceId, publicOnly: true, eventTypes: s.eventTypes ?? undefined } })
          : [];
      for (const event of page) {
        if (!(await this.deliver(event))) return this.flush();
        this.position = event.position;
      }
      // A short page holds every matching event up to `until`: the cursor passes the events that did not match.
      if (page.length < PAGE && until > this.position) this.position = until;
      await this.flush();
      if (page.length < PAGE) await this.waitForEvents();
    }
  }

  /** True once acknowledged; false when stopping or the subscription was disabled. */
  private async deliver(event: RecordedEvent): Promise<boolean> {
    const { clock, settings } = this.owner.deps;
    for (;;) {
      if (this.stopped) return false;
      const at = clock.now();
      const result = await this.owner.send(this.subscription, event);
      const attempt = await this.owner.nextAttempt(this.subscription);
      this.owner.counted(result.outcome);
      this.pending.push({ attempt, eventId: event.id, sequenceId: event.position, eventType: event.type, generation: this.generation, at: at.toISOString(), ...result });
      this.flushed = false;
      if (result.outcome === 'acknowledged') {
        this.attempts = 0;
        this.failingSince = null;
        return true;
      }
      this.attempts += 1;
      this.failingSince ??= at;
      await this.flush(`event ${event.id} (sequenceId ${event.position}): ${result.outcome}${result.status ? ` ${result.status}` : ''} ${result.excerpt}`.trim());
      const failingFor = clock.now().getTime() - this.failingSince.getTime();
      if (failingFor >= settings.retryWindowMs) {
        await this.owner.disable(this.subscription, `event ${event.position} not acknowledged after ${this.attempts} attempts over ${Math.round(failingFor / 1000)} s: ${result.outcome}${result.status ? ` ${result.status}` : ''}`);
        this.stopped = true;
        return false;
      }
      const delay = backoffDelay(this.attempts, settings.retryBaseMs, settings.retryMaxMs);
      await this.sleep(delay / 2 + Math.random() * (delay / 2));
    }
  }

  /** Records the attempts, then saves the cursor: a crash in between sends again, never skips. */
  private async flush(lastError: string | null = null): Promise<void> {
    if (this.pending.length > 0) {
      const attempts = this.pending;
      this.pending = [];
      await this.owner.record(this.subscription, attempts);
    }
    const record: ConsumerCheckpoint = { position: this.position, attempts: this.attempts, lastError, stoppedAt: null, updatedAt: this.owner.deps.clock.now().toISOString() };
    await this.owner.deps.checkpoints.save(this.name, record);
    this.flushed = true;
  }

  /** After a restart mid-failure: when the failing event's attempts began (the retry window goes on from there). */
  private async firstFailureSince(): Promise<Date | null> {
    let since: string | null = null;
    for (const a of await this.owner.lastAttempts(this.subscription, 100)) {
      if (a.outcome === 'acknowledged' || a.sequenceId <= this.position) break;
      since = a.at;
    }
    return since ? new Date(since) : null;
  }

  private waitForEvents(): Promise<void> {
    if (this.stopped || this.owner.durableHead > this.position) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, REFRESH_MS);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** A retry's pause: only stopping ends it early (new events must wait their turn behind the failing one). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.interrupt = null;
        resolve();
      }
      this.interrupt = done;
    });
  }
}
