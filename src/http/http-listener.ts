import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiError } from '../shared/api-error';
import { errorEnvelope } from './error-envelope';
import { clientErrorHandler } from './request-guards';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A handler answering before the application (the emulator's snapshot controls); true when it took the request. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** SDK clients keep connections alive (the Integration SDK pools 10 sockets): idle long enough to avoid races. */
const KEEP_ALIVE_MS = 75_000;

/**
 * The server's listening socket, apart from the application that answers on it: the application can be replaced
 * (an emulator snapshot restored: src/emulator-snapshots) without the port closing, so a client never meets a
 * refused connection. Requests go to the application's Fastify router as they would from Fastify's own server.
 *
 * `exclusive(work)` holds requests that arrive meanwhile, waits for those in flight, runs the work (which may
 * replace the application) and lets the held requests through to whatever application then answers.
 *
 * Closing ends at once the connections with no request in flight. Node's own sweep (closeIdleConnections) misses a
 * connection that was opened and has not sent a request yet: clients open sockets ahead of need (undici, agents
 * with keep-alive), and each such socket held a shutdown until the headers timeout (about 75 s). Requests in flight
 * still finish; their connections end when their answer has gone.
 */
export class HttpListener {
  readonly server: Server;
  private route: RequestHandler | null = null;
  private held: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Set<ServerResponse>();
  private whenDrained: (() => void) | null = null;
  /** Answers before the application (the emulator's snapshot controls); set once, before listening. */
  front: FrontHandler | null = null;
  private readonly quiet = new Set<Socket>();
  private closing = false;

  constructor() {
    this.server = createServer((request, response) => this.receive(request, response));
    this.server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Errors before routing (bad percent-encoding, over-long segments, oversized headers) answer in the envelope.
    this.server.on('clientError', clientErrorHandler);
    this.server.on('connection', (socket: Socket) => {
      this.quiet.add(socket);
      socket.once('close', () => this.quiet.delete(socket));
    });
  }

  /** The application that answers from now on (built, initialised, not listening itself). */
  async serve(application: NestFastifyApplication): Promise<void> {
    const fastify = application.getHttpAdapter().getInstance();
    await fastify.ready();
    this.route = fastify.routing;
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host, exclusive: true }, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as { port: number }).port);
      });
    });
  }

  /** Runs `work` with no application request in flight, one at a time; requests arriving meanwhile wait for it. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      let release!: () => void;
      this.held = new Promise((resolve) => (release = resolve));
      try {
        await this.drained();
        return await work();
      } finally {
        this.held = null;
        release();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops taking connections, ends the quiet ones, and resolves when the last answer has gone: start it, close the
   * application (which ends its event streams), then await it.
   */
  close(): Promise<void> {
    this.closing = true;
    for (const socket of this.quiet) socket.destroy();
    this.quiet.clear();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    this.quiet.delete(socket);
    response.once('close', () => {
      if (socket.destroyed) return;
      if (this.closing) socket.end();
      else this.quiet.add(socket);
    });
    if (this.front?.(request, response)) return;
    if (this.held) void this.held.then(() => this.dispatch(request, response));
    else this.dispatch(request, response);
  }

  private dispatch(request: IncomingMessage, response: ServerResponse): void {
    if (!this.route) {
      response.writeHead(503, { 'content-type': 'application/json;charset=UTF-8', 'retry-after': '1' }).end(JSON.stringify(errorEnvelope(apiError(503, 'service-unavailable', 'The server is starting.'))));
      return;
    }
    this.inFlight.add(response);
    response.once('close', () => {
      this.inFlight.delete(response);
      this.whenDrained?.();
    });
    this.route(request, response);
  }

  /**
   * Resolves when every request in flight has its answer, event streams apart: they last as long as their client
   * and end with their application (its close ends them). Checked at each answer's end, and every 20 ms for a
   * request that has become a stream meanwhile.
   */
  private drained(): Promise<void> {
    const settled = () => [...this.inFlight].every(isEventStream);
    if (settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setInterval(() => this.whenDrained?.(), 20);
      this.whenDrained = () => {
        if (!settled()) return;
        clearInterval(timer);
        this.whenDrained = null;
        resolve();
      };
    });
  }
}

const isEventStream = (response: ServerResponse): boolean =>
  response.headersSent && String(response.getHeader('content-type') ?? '').startsWith('text/event-stream');

export interface Listening {
  listener: HttpListener;
  port: number;
  /** Closes the listener and the application (not its stores). */
  close(): Promise<void>;
}

/** Serves an application on a new listener (tests and tools that run one application on one port). */
export const listenOn = async (application: NestFastifyApplication, port: number, host: string): Promise<Listening> => {
  const listener = new HttpListener();
  await listener.serve(application);
  return {
    listener,
    port: await listener.listen(port, host),
    close: async () => {
      const closed = listener.close();
      await application.close();
      await closed;
    },
  };
};
