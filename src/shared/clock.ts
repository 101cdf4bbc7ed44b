/** Time arrives from outside so that deciders and tests stay deterministic. */
export interface Clock {
  now(): Date;
  /**
   * Calls `listener` whenever the clock jumps (a manual clock moved by a test or the payment emulator), so that
   * whatever waits for a time (the scheduler) looks again. Returns the unsubscribe function. A clock that only
   * follows real time has nothing to report and may leave it out.
   */
  onChange?(listener: () => void): () => void;
  /**
   * Real time, for a clock that runs ahead of it (the payment emulator's, after `emulator clock advance`): a
   * browser's own clock still shows real time, and asks for windows from there.
   */
  realNow?(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Checks a client's time window against "now" as the client may see it: the server's clock, or, when the clock runs
 * ahead of real time (the emulator), real time too, so a browser page (the Web Template's date pickers) stays
 * usable after `emulator clock advance`. The first check that passes answers; when none does, the server clock's
 * error is thrown.
 */
export const withinClientNow = <T>(clock: Clock, check: (now: Date) => T): T => {
  const now = clock.now();
  try {
    return check(now);
  } catch (error) {
    const real = clock.realNow?.();
    if (!real || real.getTime() === now.getTime()) throw error;
    try {
      return check(real);
    } catch {
      throw error;
    }
  }
};

/** A clock that tests move by hand. The default start, 2026-01-01 UTC, is a Thursday (for weekday-bound plans). */
export class ManualClock implements Clock {
  private readonly listeners = new Set<() => void>();

  constructor(private current: Date = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
    this.changed();
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
    this.changed();
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own business; the clock has moved for everyone else.
      }
    }
  }
}

/** Injection token of the Clock port (interfaces have no runtime identity in TypeScript). */
export const CLOCK = 'Clock';
