import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { S3BlobStoreOptions } from './blobs/s3-blob-store';
import { AuthLimitPolicy, parseAuthLimits, parseRateLimits, RateLimitPolicy } from './http/rate-limits';
import { randomSecret } from './shared/secrets';

/** Everything configurable, read from the environment once. Unset production URLs mean "embedded". */
export interface Config {
  dataDir: string;
  host: string;
  port: number;
  /** `kurrentdb://…` or `esdb://…`: use KurrentDB/EventStoreDB instead of the embedded SQLite log. */
  eventStoreUrl: string | null;
  /** Use Elasticsearch for read models instead of the embedded SQLite ones. */
  elasticsearchUrl: string | null;
  elasticsearchIndexPrefix: string;
  /**
   * DATABASE_URL (`postgres://user:password@host:5432/db`, TLS by `sslmode`): every store on PostgreSQL (log,
   * read models, search, reactor checkpoints). Not combinable with EVENTSTORE_URL or ELASTICSEARCH_URL.
   */
  databaseUrl: string | null;
  /** DATABASE_SCHEMA: the schema of this installation's tables (default `marketplace`). */
  databaseSchema: string;
  /** DATABASE_STATEMENT_TIMEOUT_MS: the server cancels a statement running longer (default 30 s). */
  databaseStatementTimeoutMs: number;
  /** DATABASE_POOL_SIZE: connections per process (default 10). */
  databasePoolSize: number;
  /**
   * WORKER_LEASES: `store` (default) runs each reactor and the scheduler on the one instance holding its lease in
   * the shared store; `process` lets every instance run them all (one instance only: what the two-instance test
   * shows the leases prevent).
   */
  workerLeases: 'store' | 'process';
  tokenSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** argon2id cost; the defaults follow OWASP's recommendation (19 MiB, 2 passes). */
  passwordHashMemoryKib: number;
  passwordHashIterations: number;
  /** SQLite `synchronous`: FULL makes each command's append durable before it answers. */
  sqliteSynchronous: 'FULL' | 'NORMAL' | 'OFF';
  logLevel: string;
  /** Create a development marketplace with both API clients when the store holds none. */
  bootstrapDevMarketplace: boolean;
  /** Origin of the links this server hands out (image variant URLs); null: the origin each request was sent to. */
  publicBaseUrl: string | null;
  /** Keep blobs (uploaded images, variants) in an S3-compatible bucket instead of `DATA_DIR/blobs`. */
  blobS3: S3BlobStoreOptions | null;
  /** Links in emails point here unless a marketplace sets its own URL (the Web Template's dev address). */
  marketplaceUrl: string;
  /** `smtp://user:pass@host:587`: send mail through SMTP; unset, mails go to the outbox under DATA_DIR. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Asset Delivery API `Cache-Control` max-age by alias (`latest`): short, it moves with each publication. */
  assetCacheAliasSeconds: number;
  /** Asset Delivery API `Cache-Control` max-age by version (immutable content): long. */
  assetCacheVersionSeconds: number;
  /** Rate and concurrency limits of the data APIs (RATE_LIMITS); null: none (local mode). */
  rateLimits: RateLimitPolicy | null;
  /** Failed logins and account mails per account and client address (AUTH_LIMITS); on by default; null: off. */
  authLimits: AuthLimitPolicy | null;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For names the client (Fastify's trustProxy: `true`, a hop count, or
   * addresses/CIDRs), so per-address limits see clients, not the proxy. Unset: the peer is the client.
   */
  trustProxy: boolean | number | string;
  /** CONSOLE_DIR: where the console's built page is (default: dist/console of the package, as `npm run build` leaves it). */
  consoleDir: string | null;
  /** Stripe's secret key (`sk_test_…`/`sk_live_…`): payments go to Stripe; unset, to the embedded emulator. Never logged. */
  stripeSecretKey: string | null;
  /** `emulator snapshot` over HTTP (src/emulator-snapshots): on unless EMULATOR_SNAPSHOTS=off; never on a production store. */
  emulatorSnapshots: boolean;
  /**
   * READY_MAX_LAG: how far (in log positions: bytes of the log on KurrentDB) the read models may be behind the head
   * with /health/ready still 200. A catch-up engine under steady writes is rarely exactly caught up.
   */
  readyMaxLag: number;
  /** FILE_MAX_BYTES: the largest file `own_files/create` and `files/create` accept (default 1 GB, the platform's limit). */
  fileMaxBytes: number;
  /** IMAGE_VARIANT_CACHE_BYTES: memory for rendered custom-size image variants, which are never stored (default 64 MiB). */
  imageVariantCacheBytes: number;
  /** METRICS_TOKEN: when set, GET /metrics asks for it as a bearer token. */
  metricsToken: string | null;
  /**
   * PAYMENT_CLAIM_TIMEOUT_SECONDS: a payment claim still open this long after it was made (its holder crashed
   * between the provider calls and the append) is settled by the reconciler: completed, or reversed.
   */
  paymentClaimTimeoutSeconds: number;
  /** Webhook delivery and the live event stream (docs/webhooks.md). */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS=true: targets on loopback, private or link-local addresses are allowed (development, tests). */
  allowPrivateTargets: boolean;
  /** WEBHOOK_TIMEOUT_MS: a receiver that has not answered by then failed this attempt (default 10 s). */
  timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_MS / WEBHOOK_RETRY_MAX_MS: the first pause after a failure, doubled each time up to the max, with jitter (1 s, 1 h). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** WEBHOOK_RETRY_WINDOW_SECONDS: how long one event is retried before the subscription is disabled (3 days), by the server's clock. */
  retryWindowMs: number;
  /** WEBHOOK_SECRET_OVERLAP_SECONDS: how long a rotated-out secret keeps signing beside the new one (24 h). */
  secretOverlapMs: number;
  /** WEBHOOK_STREAM_BUFFER_BYTES: what a live-stream client may leave unread before its stream ends (1 MiB). */
  streamBufferBytes: number;
  /** WEBHOOK_STREAM_HEARTBEAT_MS: a comment line on an idle live stream this often (15 s). */
  streamHeartbeatMs: number;
}


/** BLOB_S3_BUCKET switches blobs to S3; credentials fall back to the AWS default chain when not given. */
const blobS3Of = (env: NodeJS.ProcessEnv): S3BlobStoreOptions | null =>
  env.BLOB_S3_BUCKET
    ? {
        bucket: env.BLOB_S3_BUCKET,
        endpoint: env.BLOB_S3_ENDPOINT || null,
        region: env.BLOB_S3_REGION || env.AWS_REGION || 'us-east-1',
        accessKeyId: env.BLOB_S3_ACCESS_KEY_ID || null,
        secretAccessKey: env.BLOB_S3_SECRET_ACCESS_KEY || null,
        // Self-hosted S3-compatible stores rarely have per-bucket host names.
        forcePathStyle: env.BLOB_S3_FORCE_PATH_STYLE ? env.BLOB_S3_FORCE_PATH_STYLE === 'true' : Boolean(env.BLOB_S3_ENDPOINT),
        prefix: env.BLOB_S3_PREFIX ?? '',
      }
    : null;

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

const trustProxyOf = (value: string | undefined): boolean | number | string => {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
};

/**
 * The signing key for access tokens: TOKEN_SECRET when given (several instances must share it), otherwise one
 * generated into the data folder on first start, so tokens survive restarts of a local server.
 */
const tokenSecretFor = (dataDir: string, env: NodeJS.ProcessEnv): string => {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomSecret(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/**
 * The default port: apart from the Web Template's own (3000 its dev server and MARKETPLACE_URL's default, 3500
 * its dev API server, 4000 its production-mode server), so the template and this server run side by side.
 */
export const DEFAULT_PORT = 3300;

/** What a server start checks before it writes anything: where it listens, where its data goes, how it logs. */
export interface StartSettings {
  dataDir: string;
  host: string;
  port: number;
  logLevel: string;
}

export const startSettingsOf = (env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): StartSettings => ({
  dataDir: resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data'),
  host: env.HOST ?? '127.0.0.1',
  port: int(env.PORT, DEFAULT_PORT),
  logLevel: env.LOG_LEVEL ?? 'info',
});

/** The request log's levels (pino's): anything else would fail deep inside Fastify with a stack trace. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Why a server cannot start with these settings (one line for the operator), or null. Reads, never writes. */
export const startProblem = (s: StartSettings, env: NodeJS.ProcessEnv = process.env): string | null => {
  if (env.PORT !== undefined && env.PORT !== '' && !(Number.isInteger(Number(env.PORT)) && Number(env.PORT) >= 0 && Number(env.PORT) <= 65535))
    return `PORT must be a port number (0-65535), not "${env.PORT}".`;
  if (!LOG_LEVELS.includes(s.logLevel)) return `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${s.logLevel}".`;
  if (existsSync(s.dataDir) && !statSync(s.dataDir).isDirectory()) return `DATA_DIR ${s.dataDir} is a file, not a folder. Set DATA_DIR to a folder (it is created when missing).`;
  return null;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const { dataDir, host, port, logLevel } = startSettingsOf(env, overrides);
  return {
    dataDir,
    host,
    port,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    elasticsearchUrl: env.ELASTICSEARCH_URL || null,
    elasticsearchIndexPrefix: env.ELASTICSEARCH_INDEX_PREFIX ?? 'marketplace-',
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || 'marketplace',
    databaseStatementTimeoutMs: int(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    workerLeases: env.WORKER_LEASES === 'process' ? 'process' : 'store',
    tokenSecret: overrides.tokenSecret ?? tokenSecretFor(dataDir, env),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 3600),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 180 * 24 * 3600),
    passwordHashMemoryKib: int(env.PASSWORD_HASH_MEMORY_KIB, 19456),
    passwordHashIterations: int(env.PASSWORD_HASH_ITERATIONS, 2),
    sqliteSynchronous: (env.SQLITE_SYNCHRONOUS as Config['sqliteSynchronous']) ?? 'FULL',
    logLevel,
    bootstrapDevMarketplace: env.BOOTSTRAP_DEV_MARKETPLACE !== 'false',
    marketplaceUrl: env.MARKETPLACE_URL ?? 'http://localhost:3000',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Marketplace <no-reply@localhost>',
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    authLimits: parseAuthLimits(env.AUTH_LIMITS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    consoleDir: env.CONSOLE_DIR ? resolve(env.CONSOLE_DIR) : null,
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    blobS3: blobS3Of(env),
    assetCacheAliasSeconds: int(env.ASSET_CACHE_ALIAS_SECONDS, 10),
    assetCacheVersionSeconds: int(env.ASSET_CACHE_VERSION_SECONDS, 31_536_000),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    emulatorSnapshots: env.EMULATOR_SNAPSHOTS !== 'off',
    metricsToken: env.METRICS_TOKEN || null,
    imageVariantCacheBytes: int(env.IMAGE_VARIANT_CACHE_BYTES, 64 * 1024 * 1024),
    readyMaxLag: int(env.READY_MAX_LAG, 1_000_000),
    fileMaxBytes: int(env.FILE_MAX_BYTES, 1_073_741_824),
    paymentClaimTimeoutSeconds: int(env.PAYMENT_CLAIM_TIMEOUT_SECONDS, 60),
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
      timeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
      retryBaseMs: int(env.WEBHOOK_RETRY_BASE_MS, 1000),
      retryMaxMs: int(env.WEBHOOK_RETRY_MAX_MS, 3_600_000),
      retryWindowMs: int(env.WEBHOOK_RETRY_WINDOW_SECONDS, 3 * 24 * 3600) * 1000,
      secretOverlapMs: int(env.WEBHOOK_SECRET_OVERLAP_SECONDS, 24 * 3600) * 1000,
      streamBufferBytes: int(env.WEBHOOK_STREAM_BUFFER_BYTES, 1024 * 1024),
      streamHeartbeatMs: int(env.WEBHOOK_STREAM_HEARTBEAT_MS, 15_000),
    },
    ...overrides,
  };
};

/**
 * What a deployment with a production store (PostgreSQL, KurrentDB, Elasticsearch, S3) cannot do without; main.ts refuses to
 * start and says why. Without PUBLIC_BASE_URL, links handed out (image variants, file storage, the Stripe.js
 * stand-in) would follow whatever Host header a request sends: a poisoned cache or mail would point elsewhere.
 */
export const deploymentProblems = (config: Config, env: NodeJS.ProcessEnv = process.env): string[] => {
  const problems: string[] = [];
  if ((config.databaseUrl || config.eventStoreUrl || config.elasticsearchUrl || config.blobS3) && !config.publicBaseUrl)
    problems.push('PUBLIC_BASE_URL must be set (e.g. https://api.example.com) when DATABASE_URL, EVENTSTORE_URL, ELASTICSEARCH_URL or BLOB_S3_BUCKET is: links must not follow the Host header of each request.');
  // A shared store is for several instances: each would sign tokens, mail links and file URLs with a key of its own.
  if ((config.databaseUrl || config.eventStoreUrl) && !env.TOKEN_SECRET)
    problems.push('TOKEN_SECRET must be set (the same long random value on every instance) when DATABASE_URL or EVENTSTORE_URL is: tokens and links signed by one instance must verify on the others.');
  if (env.WORKER_LEASES !== undefined && env.WORKER_LEASES !== 'store' && env.WORKER_LEASES !== 'process')
    problems.push(`WORKER_LEASES must be "store" (the default) or "process", not "${env.WORKER_LEASES}".`);
  return problems;
};

/** A configuration the server will not start with (a mix of stores, a database it cannot reach): one line, exit 1. */
export class StartupRefusal extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StartupRefusal';
  }
}

/** Injection token of the Config port (interfaces have no runtime identity in TypeScript). */
export const CONFIG = 'Config';
