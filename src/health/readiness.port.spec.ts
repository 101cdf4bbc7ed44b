import { ProjectionsReadiness, readinessOf } from './readiness.port';

const projections = (p: Partial<ProjectionsReadiness> = {}): ProjectionsReadiness => ({
  engine: 'catch-up',
  state: 'running',
  caughtUp: true,
  position: 10,
  head: 10,
  lag: 0,
  failingSince: null,
  lastError: null,
  ...p,
});

describe('readinessOf', () => {
  it('is ready when the projections have caught up and run, whatever the reactors do', () => {
    expect(readinessOf(projections(), [{ name: 'mails', lag: 5, attempts: 3, stopped: true, lastError: 'smtp down', heldHere: true }])).toEqual(
      expect.objectContaining({ ready: true, reasons: [] }),
    );
  });

  it('is not ready while catching up, and says where it is', () => {
    expect(readinessOf(projections({ caughtUp: false, position: 3 }), [])).toEqual(
      expect.objectContaining({ ready: false, reasons: ['projections catching up: at position 3 of 10'] }),
    );
  });

  it('stays ready within the lag bound, and not beyond it', () => {
    expect(readinessOf(projections({ caughtUp: false, position: 3, lag: 7 }), [], 10).ready).toBe(true);
    expect(readinessOf(projections({ caughtUp: false, position: 3, lag: 7 }), [], 6).ready).toBe(false);
    expect(readinessOf(projections({ caughtUp: false, position: 3, lag: null }), [], 10).ready).toBe(false);
  });

  it('is not ready when a poison event stopped the projections, and names it', () => {
    const lastError = { message: 'mapper_parsing_exception', fromPosition: 11, eventType: 'user/updated', attempts: 10, at: '2026-01-01T00:00:00.000Z' };
    const report = readinessOf(projections({ state: 'failed', lastError }), []);
    expect(report.ready).toBe(false);
    expect(report.reasons[0]).toContain('event 11 (user/updated) failed 10 times: mapper_parsing_exception');
  });
});
