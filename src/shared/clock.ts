/** Time arrives from outside so that deciders and tests stay deterministic. */
export interface Clock {
  now(): Date;
  /**
   * Calls `listener` whenever the clock jumps (a manual clock moved by a test or the payment emulator), so that
   * whatever waits for a time (the scheduler) looks again. Returns the unsubscribe function. A clock that only
   * follows real time has nothing to report and may leave it out.
   */
  onChange?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

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
