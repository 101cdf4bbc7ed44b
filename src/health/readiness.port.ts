/**
 * Whether this instance should get traffic, and why not: the read models' engine (caught up with the log, how far
 * behind, a projection stopped on a poison event) and the reactors (side effects behind or stopped). The HTTP
 * layer asks it (GET /health/ready); an operator's CLI and a metrics exporter may ask it too.
 */
export interface ProjectionsReadiness {
  engine: 'inline' | 'catch-up';
  state: 'starting' | 'running' | 'retrying' | 'failed' | 'stopped';
  caughtUp: boolean;
  /** Log position every projection has applied. */
  position: number;
  head: number | null;
  /** head − position, in log positions (bytes of the transaction log on KurrentDB, events embedded). */
  lag: number | null;
  failingSince: string | null;
  lastError: { message: string; fromPosition: number; eventType: string | null; attempts: number; at: string } | null;
}

export interface ReactorReadiness {
  name: string;
  lag: number;
  attempts: number;
  stopped: boolean;
  lastError: string | null;
  /** Whether this instance holds the reactor's lease (runs it); with several instances exactly one does. */
  heldHere: boolean;
}

export interface ReadinessReport {
  ready: boolean;
  /** Why not ready (empty when ready). */
  reasons: string[];
  projections: ProjectionsReadiness;
  /** Empty where no reactors run (the CLI). Stopped reactors are reported but do not make the instance unready. */
  reactors: ReactorReadiness[];
  /**
   * Webhook subscriptions that need the operator (docs/webhooks.md): disabled after their retry window, or failing
   * now. Detail only: they never make the instance unready. Known on the instance delivering webhooks (`heldHere`).
   */
  webhooks?: WebhooksReadiness;
}

export interface WebhooksReadiness {
  heldHere: boolean;
  disabled: { id: string; marketplaceId: string; reason: string; disabledAt: string | null }[];
  failing: { id: string; marketplaceId: string; attempts: number; failingSince: string | null }[];
}

export interface Readiness {
  report(): Promise<ReadinessReport>;
}

/** Injection token of the Readiness port. */
export const READINESS = 'Readiness';

/**
 * Ready when the read models have caught up with the log and apply it (a projection retrying a failed write is
 * still ready: it has not given up, and reads answer with what is applied). A stopped (poison) projection or a
 * stopped engine is not ready.
 */
export const readinessOf = (projections: ProjectionsReadiness, reactors: ReactorReadiness[], maxLag = 0): ReadinessReport => {
  const reasons: string[] = [];
  if (projections.state === 'failed') {
    const e = projections.lastError;
    reasons.push(`projections stopped at position ${projections.position}: event ${e?.fromPosition} (${e?.eventType}) failed ${e?.attempts} times: ${e?.message}`);
  } else if (projections.state === 'stopped' || projections.state === 'starting') {
    reasons.push(`projections ${projections.state}`);
  } else if (!projections.caughtUp && !(maxLag > 0 && projections.lag !== null && projections.lag <= maxLag)) {
    // Within the lag bound (READY_MAX_LAG) a catch-up engine under steady writes stays ready.
    reasons.push(`projections catching up: at position ${projections.position} of ${projections.head ?? 'unknown'}`);
  }
  return { ready: reasons.length === 0, reasons, projections, reactors };
};
