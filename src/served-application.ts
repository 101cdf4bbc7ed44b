import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Config } from './config';
import type { HttpListener } from './http/http-listener';
import { Infrastructure, openInfrastructure } from './infrastructure/composition-root';
import { emulatorClockOf } from './payments/emulator/emulator-clock';
import { createServer, startServerBackground } from './server';
import { Clock, systemClock } from './shared/clock';

/**
 * The application main.ts serves: its stores, its Nest application and its background work, opened together
 * and, for an emulator snapshot's restore, closed and opened again over the restored store while the listener
 * holds the requests. Reopening builds everything afresh, so no cache, subscription or in-memory position of the
 * old store can outlive it.
 */
export class ServedApplication {
  private constructor(
    private readonly config: Config,
    private readonly listener: HttpListener,
    public infra: Infrastructure,
    public app: NestFastifyApplication,
    private clock: Clock,
  ) {}

  /**
   * Opens the stores and builds the application without its background work: over a long log the reactors'
   * catch-up would hold up the bootstrap (main.ts makes the development marketplace first, then `startBackground`).
   */
  static async open(config: Config, listener: HttpListener): Promise<ServedApplication> {
    const { infra, app, clock } = await build(config);
    return new ServedApplication(config, listener, infra, app, clock);
  }

  /** Starts the reactors and the scheduler and has the listener send requests here. */
  async serve(): Promise<void> {
    await startServerBackground(this.app, this.infra, this.clock);
    await this.listener.serve(this.app);
  }

  /**
   * Closes everything, runs `between` over the closed store, and serves a new application over it. Run inside
   * `listener.exclusive`, so that no request is in flight on the old application or reaches a half-opened one.
   */
  async reopen(between: () => void | Promise<void>): Promise<void> {
    await this.close();
    // Whatever `between` does or fails to do, the store is served again.
    await Promise.resolve().then(between).finally(() => this.open());
  }

  private async open(): Promise<void> {
    const { infra, app, clock } = await build(this.config);
    this.infra = infra;
    this.app = app;
    this.clock = clock;
    await this.serve();
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.infra.close();
  }
}

const build = async (config: Config): Promise<{ infra: Infrastructure; app: NestFastifyApplication; clock: Clock }> => {
  const infra = await openInfrastructure(config);
  try {
    // Real time, moved ahead by `emulator clock advance` (kept in the log, so a restart keeps the offset).
    const clock = await emulatorClockOf(infra.runner, systemClock);
    return { infra, clock, app: await createServer(infra, { logger: true, clock, background: false }) };
  } catch (error) {
    await infra.close();
    throw error;
  }
};
