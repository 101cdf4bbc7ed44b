import type { Infrastructure } from '../infrastructure/composition-root';
import { Readiness, ReadinessReport, readinessOf } from './readiness.port';

/** The server's readiness: its projection engine and, once started, its reactors. */
export const serviceReadiness = (infra: Infrastructure): Readiness => ({
  async report(): Promise<ReadinessReport> {
    const [projections, reactors] = await Promise.all([infra.projections.status(), infra.background?.reactors.status() ?? []]);
    return readinessOf(
      projections,
      reactors.map((r) => ({ name: r.name, lag: r.lag, attempts: r.attempts, stopped: r.stopped, lastError: r.lastError })),
    );
  },
});
