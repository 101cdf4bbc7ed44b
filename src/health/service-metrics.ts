import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Infrastructure } from '../infrastructure/composition-root';

/**
 * Prometheus metrics of one server (its own registry: tests run several servers in one process): requests by
 * route and status with latency, event-log appends with latency, the head of the log, projection and reactor lag,
 * and Node's process metrics. Lags and the head are read when scraped, not kept up to date.
 */
export interface ServiceMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** Injection token of the ServiceMetrics. */
export const METRICS = 'ServiceMetrics';

const APPENDS = new WeakMap<object, Histogram<'outcome'>>();

/** Times every append of the one write path (the store object is shared by the runner and the engines). */
const timeAppends = (infra: Infrastructure, histogram: Histogram<'outcome'>, appended: Counter): void => {
  const store = infra.events;
  if (APPENDS.has(store)) return;
  APPENDS.set(store, histogram);
  const append = store.append.bind(store);
  // The hooks go through: the runner passes a contended stream's turn on at `committed` (event-store.port.ts).
  store.append = async (appends, hooks) => {
    const end = histogram.startTimer();
    try {
      const result = await append(appends, hooks);
      end({ outcome: 'ok' });
      appended.inc(appends.reduce((n, a) => n + a.events.length, 0));
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  };
};

export const serviceMetrics = (infra: Infrastructure): ServiceMetrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const appendSeconds = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Latency of appends to the event log (one append per command)',
    labelNames: ['outcome'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const appended = new Counter({ name: 'event_store_appended_events_total', help: 'Events appended by this process', registers: [registry] });
  timeAppends(infra, appendSeconds, appended);
  new Gauge({
    name: 'event_store_head_position',
    help: 'Position of the last event in the log (the event count on the embedded log; a byte position on KurrentDB)',
    registers: [registry],
    async collect() {
      this.set(await infra.events.headPosition());
    },
  });
  new Gauge({
    name: 'projections_lag',
    help: 'Log positions the read models are behind the head (-1 when unknown)',
    registers: [registry],
    async collect() {
      this.set((await infra.projections.status()).lag ?? -1);
    },
  });
  new Gauge({
    name: 'projections_caught_up',
    help: '1 when the read models have applied the whole log',
    registers: [registry],
    async collect() {
      this.set((await infra.projections.status()).caughtUp ? 1 : 0);
    },
  });
  new Gauge({
    name: 'reactor_lag',
    help: 'Events a reactor (mails, cascades) is behind the log',
    labelNames: ['reactor'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await infra.background?.reactors.status()) ?? []) this.set({ reactor: r.name }, r.lag);
    },
  });
  new Gauge({
    name: 'reactor_stopped',
    help: '1 when a reactor stopped on an event it cannot handle',
    labelNames: ['reactor'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await infra.background?.reactors.status()) ?? []) this.set({ reactor: r.name }, r.stopped ? 1 : 0);
    },
  });
  new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (acknowledged, failed, timeout, refused), by this instance since it started',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(infra.background?.webhooks.status().deliveries ?? {})) this.inc({ outcome }, n);
    },
  });
  new Gauge({
    name: 'webhook_lag',
    help: 'Log positions a webhook subscription is behind the head (on the instance delivering webhooks)',
    labelNames: ['subscription'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of infra.background?.webhooks.status().subscriptions ?? []) if (s.enabled) this.set({ subscription: s.id }, s.lag);
    },
  });
  new Gauge({
    name: 'webhook_subscription_disabled',
    help: '1 for a webhook subscription that delivery disabled after its retry window',
    labelNames: ['subscription'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of infra.background?.webhooks.status().subscriptions ?? []) if (s.disabledReason) this.set({ subscription: s.id }, 1);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
};
