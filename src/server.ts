import multipart from '@fastify/multipart';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { STORAGE_CORS } from './files/http/file-storage.routes';
import { STORAGE_PREFIX } from './files/storage-tokens';
import { METRICS, type ServiceMetrics } from './health/service-metrics';
import { ApiAuthorization } from './http/api-authorization';
import { answerDirectly } from './http/direct-routes';
import { ApiErrorFilter } from './http/error.filter';
import { installRateLimits } from './http/rate-limits';
import { installSecurityHeaders } from './http/security-headers';
import { frameworkErrors, installBodyParsers } from './http/request-guards';
import { Infrastructure, startBackgroundWork } from './infrastructure/composition-root';
import { ReactorRegistry } from './event-sourcing/reactor-registry';
import { ScheduledCommands } from './event-sourcing/scheduler';
import type { Clock } from './shared/clock';
import type { IdGenerator } from './shared/ids';

export interface ServerOptions {
  clock?: Clock;
  ids?: IdGenerator;
  /** Fastify's request log (pino); off in tests. */
  logger?: boolean;
  /** Where the request log goes (default stdout): tests read it to check that no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Start the reactors and the scheduler (default true; the benchmarks' bare runs and the CLI do without). */
  background?: boolean;
  /** Sees every answer as sent: the tests check each against the API description (test/support/answer-check.ts). */
  inspectAnswers?: (answer: Answer) => void;
}

/** An answer as it leaves the server, for ServerOptions.inspectAnswers. */
export interface Answer {
  method: string;
  url: string;
  /** The route's pattern (`/v1/api/listings/show`), or null when no route matched. */
  route: string | null;
  status: number;
  contentType: string;
  body: string;
}

const BODY_LIMIT = 10 * 1024 * 1024;

/** Builds the HTTP application over opened stores (used by main.ts, the tests and the benchmarks); an HttpListener serves it. */
export const createServer = async (infra: Infrastructure, options: ServerOptions = {}): Promise<NestFastifyApplication> => {
  const adapter = new FastifyAdapter({
    logger: options.logger ? { level: infra.config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) } : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreDuplicateSlashes: true },
    // request.ip, which the rate and login limits key on, is the forwarded client only behind trusted proxies.
    trustProxy: infra.config.trustProxy,
    // Errors in routing (bad percent-encoding, over-long segments) answer in the envelope; the socket's own errors
    // are the listener's (src/http/http-listener.ts), which owns the port and hands requests to this application.
    frameworkErrors: frameworkErrors as never,
  });
  if (infra.config.rateLimits) installRateLimits(adapter.getInstance(), infra.config.rateLimits);
  installSecurityHeaders(adapter.getInstance());
  if (options.inspectAnswers) inspectAnswers(adapter.getInstance(), options.inspectAnswers);
  // The APIs take Transit, JSON, forms (Authentication API) and multipart (uploads); anything else is 415.
  installBodyParsers(adapter.getInstance(), BODY_LIMIT);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.with(infra, options.clock, options.ids), adapter, {
    logger: options.logger ? ['error', 'warn'] : ['error'],
    bodyParser: false,
  });
  // Endpoints whose handlers take only @Api() are answered by Fastify without Nest's router (see there).
  answerDirectly(adapter.getInstance(), app.get(ModulesContainer), app.get(ApiAuthorization));
  // Requests by route pattern (never the raw URL: ids would explode the label set) and status, with latency.
  const metrics = app.get<ServiceMetrics>(METRICS);
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // multipart/form-data (images/upload) is read by the endpoint itself, as a stream, with its own limits.
  await app.register(multipart as unknown as Parameters<NestFastifyApplication['register']>[0]);
  app.useGlobalFilters(new ApiErrorFilter());
  const apiCors = {
    origin: true,
    methods: ['GET', 'POST'],
    allowedHeaders: ['authorization', 'content-type', 'accept', 'x-transit-verbose', 'x-request-id'],
    credentials: false,
    maxAge: 86_400,
  };
  // The file storage links are PUT and fetched by browsers directly, like presigned S3 URLs (src/files). Metrics are
  // for a scraper, never a browser page: no CORS, so no web page another origin serves can read them.
  // The console (its page and its cookie-authenticated session endpoints) is same-origin only.
  const noCors = { origin: false };
  const corsOf = (url: string) =>
    url.startsWith(STORAGE_PREFIX) ? STORAGE_CORS : url === '/metrics' || url.startsWith('/metrics?') || url === '/console' || url.startsWith('/console/') ? noCors : apiCors;
  app.enableCors({ delegator: (request, callback) => callback(null, corsOf(request.url ?? '')) });
  // No app.enableShutdownHooks(): Nest's hooks re-raise the signal after closing (exit 130/143, the lock left
  // behind); main.ts closes the application, the stores and the lock itself and exits 0.
  await app.init();
  if (options.background !== false) await startServerBackground(app, infra, options.clock);
  return app;
};

const inspectAnswers = (fastify: FastifyInstance, inspect: (answer: Answer) => void) =>
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload))
      inspect({
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: payload.toString(),
      });
    return payload;
  });

/** The reactors and the scheduler of an application built with `background: false` (main.ts: after the bootstrap). */
export const startServerBackground = async (app: NestFastifyApplication, infra: Infrastructure, clock?: Clock): Promise<void> => {
  await startBackgroundWork(infra, { reactors: app.get(ReactorRegistry).all(), scheduledCommands: app.get(ScheduledCommands), clock });
};
