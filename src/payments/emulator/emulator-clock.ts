import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Duration } from 'luxon';
import type { CommandRunner } from '../../event-sourcing/command-runner';
import { CommandRunner as Runner } from '../../event-sourcing/command-runner';
import type { Reactor } from '../../event-sourcing/reactor';
import { ReactorRegistry } from '../../event-sourcing/reactor-registry';
import { CLOCK, type Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { clockStream } from './emulator-streams';

/**
 * The server's clock when payments are emulated: real time plus an offset that only ever grows, kept in the log
 * (`payEmulator/clock-advanced` on one global stream), so `emulator clock advance P2D` from the CLI moves the running
 * server: the emulator's balances, link expiry and the scheduler's due jobs (`:at` transitions) all follow.
 */
export class EmulatorClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly base: Clock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  offset(): number {
    return this.offsetMs;
  }

  realNow(): Date {
    return this.base.now();
  }

  setOffset(ms: number): void {
    if (ms <= this.offsetMs) return;
    this.offsetMs = ms;
    for (const listener of [...this.listeners]) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    const unsubscribe = this.base.onChange?.(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribe?.();
    };
  }
}

/** The clock a server runs on: `base` moved by the offset the log holds now (the reactor follows later moves). */
export const emulatorClockOf = async (runner: CommandRunner, base: Clock): Promise<EmulatorClock> => {
  const clock = new EmulatorClock(base);
  clock.setOffset(await runner.state(clockStream()));
  return clock;
};

/** Parses an ISO 8601 duration (`P2D`, `PT36H`, `P1W`) into milliseconds; throws on anything else or a negative one. */
export const durationMs = (iso: string): number => {
  const duration = Duration.fromISO(iso);
  if (!duration.isValid || duration.toMillis() <= 0) throw new Error(`"${iso}" is not a positive ISO 8601 duration (for example P2D, PT36H).`);
  return duration.toMillis();
};

/** Moves the emulator clock ahead (the CLI's `emulator clock advance`); answers the new total offset. */
export const advanceEmulatorClock = async (runner: CommandRunner, iso: string, now: Date): Promise<number> => {
  const byMs = durationMs(iso);
  const out = await runner.run({
    ctx: operatorContext('payments-emulator', now),
    streams: { clock: clockStream() },
    decide: (s) => ({ events: { clock: [{ type: 'payEmulator/clock-advanced' as const, data: { byMs, offsetMs: (s.clock as number) + byMs } }] } }),
  });
  return out.after.clock as number;
};

/** Follows clock moves made by any process (the CLI appends; the server's clock jumps and its scheduler wakes). */
@Injectable()
export class EmulatorClockReactor implements Reactor, OnModuleInit {
  readonly name = 'payment-emulator-clock';
  readonly eventTypes = ['payEmulator/clock-advanced'];

  constructor(
    private readonly registry: ReactorRegistry,
    private readonly runner: Runner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    if (this.clock instanceof EmulatorClock) this.registry.register(this);
  }

  async react(): Promise<void> {
    if (this.clock instanceof EmulatorClock) this.clock.setOffset(await this.runner.state(clockStream()));
  }
}
