import { SCHEDULED_JOBS_COLLECTION } from '../event-sourcing/scheduled-jobs.projection';
import type { Infrastructure } from '../infrastructure/composition-root';
import { Readiness, ReadinessReport, readinessOf } from './readiness.port';

const PROBE_ID = '00000000-0000-0000-0000-000000000000';

/** How long a store may take to answer the probe before it counts as unreachable. */
const STORE_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });

/**
 * The server's readiness: its stores answer (the event log's head, the read models' store), its projection engine
 * has caught up and, once started, its reactors. A store that does not answer makes the instance unready (503),
 * never a 500.
 */
export const serviceReadiness = (infra: Infrastructure): Readiness => ({
  async report(): Promise<ReadinessReport> {
    const storeErrors: string[] = [];
    const probe = async (what: string, check: () => Promise<unknown>) => {
      try {
        await within(check(), STORE_TIMEOUT_MS, what);
      } catch (error) {
        storeErrors.push(`${what} unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await Promise.all([probe('event store', () => infra.events.headPosition()), probe('read-model store', () => infra.documents.get(SCHEDULED_JOBS_COLLECTION, PROBE_ID, PROBE_ID))]);
    let report: ReadinessReport;
    try {
      const [projections, reactors] = await within(
        Promise.all([infra.projections.status(), infra.background?.reactors.status() ?? Promise.resolve([])]),
        STORE_TIMEOUT_MS,
        'projection engine',
      );
      report = readinessOf(
        projections,
        reactors.map((r) => ({ name: r.name, lag: r.lag, attempts: r.attempts, stopped: r.stopped, lastError: r.lastError, heldHere: r.heldHere })),
        infra.config.readyMaxLag,
      );
    } catch (error) {
      const reason = `projection status unavailable: ${error instanceof Error ? error.message : String(error)}`;
      report = { ready: false, reasons: [reason], projections: UNKNOWN_PROJECTIONS, reactors: [] };
    }
    const webhooks = infra.background?.webhooks.status();
    if (webhooks)
      report = {
        ...report,
        webhooks: {
          heldHere: webhooks.running,
          disabled: webhooks.subscriptions.filter((s) => s.disabledReason).map((s) => ({ id: s.id, marketplaceId: s.marketplaceId, reason: s.disabledReason!, disabledAt: s.disabledAt })),
          failing: webhooks.subscriptions.filter((s) => s.attempts > 0).map((s) => ({ id: s.id, marketplaceId: s.marketplaceId, attempts: s.attempts, failingSince: s.failingSince })),
        },
      };
    if (storeErrors.length === 0) return report;
    return { ...report, ready: false, reasons: [...storeErrors, ...report.reasons] };
  },
});

const UNKNOWN_PROJECTIONS: ReadinessReport['projections'] = {
  engine: 'catch-up',
  state: 'retrying',
  caughtUp: false,
  position: 0,
  head: null,
  lag: null,
  failingSince: null,
  lastError: null,
};
