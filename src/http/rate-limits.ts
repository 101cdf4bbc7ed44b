import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './error-envelope';
import { apiError } from '../shared/api-error';
import { sendBody } from './wire-format';

/** A token bucket: `burst` requests at once, refilled at `perSecond`. */
export interface BucketPolicy {
  burst: number;
  perSecond: number;
}

export interface RateLimitPolicy {
  /** GET requests of both data APIs, per client IP. */
  queries: BucketPolicy | null;
  /** POST requests of both data APIs, per client IP. */
  commands: BucketPolicy | null;
  /** Integration API requests in flight at once, per client IP. */
  integrationConcurrency: number | null;
}

/** The platform's dev/test limits: 1 query/s and 1 command/2 s on average, 10 concurrent Integration requests. */
export const PLATFORM_DEV_LIMITS: RateLimitPolicy = {
  queries: { burst: 100, perSecond: 1 },
  commands: { burst: 50, perSecond: 0.5 },
  integrationConcurrency: 10,
};

/** `RATE_LIMITS`: unset or `off` (local default), `dev` (the platform's dev/test limits), or `q=B/R,c=B/R,concurrency=N`. */
export const parseRateLimits = (value: string | undefined): RateLimitPolicy | null => {
  if (!value || value === 'off') return null;
  if (value === 'dev') return PLATFORM_DEV_LIMITS;
  const policy: RateLimitPolicy = { queries: null, commands: null, integrationConcurrency: null };
  for (const part of value.split(',')) {
    const [key, spec] = part.split('=');
    const bucket = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(spec ?? '');
    if (key === 'q' && bucket) policy.queries = { burst: Number(bucket[1]), perSecond: Number(bucket[2]) };
    else if (key === 'c' && bucket) policy.commands = { burst: Number(bucket[1]), perSecond: Number(bucket[2]) };
    else if (key === 'concurrency' && /^\d+$/.test(spec ?? '')) policy.integrationConcurrency = Number(spec);
    else throw new Error(`RATE_LIMITS: cannot read "${part}" (expected q=BURST/RATE, c=BURST/RATE or concurrency=N)`);
  }
  return policy;
};

/**
 * Attempts per key in a sliding window: `free` of them pass; past that, each next attempt waits 1 s, 2 s, 4 s, …
 * after the last counted one, at most `maxBlockSeconds`. A refused attempt is not counted, so a blocked user's
 * retries never lengthen the block, and an attacker who keeps guessing gets one try per `maxBlockSeconds`.
 */
export interface AttemptPolicy {
  free: number;
  windowSeconds: number;
  maxBlockSeconds: number;
}

/** The Authentication API's limits (the data APIs' are RATE_LIMITS, src/http/rate-limits.ts). */
export interface AuthLimitPolicy {
  /** Failed password logins per account (client and username). Short: an attacker must not lock a user out long. */
  loginPerAccount: AttemptPolicy | null;
  /** Failed password logins per client address, whatever the account. */
  loginPerAddress: AttemptPolicy | null;
  /** Password reset and verification mails per address (reset) or user (verification), sent or not. */
  mailPerAccount: AttemptPolicy | null;
  /** Those mail requests per client address. */
  mailPerAddress: AttemptPolicy | null;
}

/** On by default, local mode included; generous enough for a person who mistypes, and for the test suite. */
export const DEFAULT_AUTH_LIMITS: AuthLimitPolicy = {
  loginPerAccount: { free: 10, windowSeconds: 900, maxBlockSeconds: 60 },
  loginPerAddress: { free: 100, windowSeconds: 900, maxBlockSeconds: 900 },
  mailPerAccount: { free: 5, windowSeconds: 3600, maxBlockSeconds: 900 },
  mailPerAddress: { free: 50, windowSeconds: 3600, maxBlockSeconds: 900 },
};

const PARTS: Record<string, keyof AuthLimitPolicy> = {
  'login-account': 'loginPerAccount',
  'login-address': 'loginPerAddress',
  'mail-account': 'mailPerAccount',
  'mail-address': 'mailPerAddress',
};

/**
 * `AUTH_LIMITS`: unset (the defaults), `off`, or parts that replace single defaults:
 * `login-account=FREE/WINDOW_S/MAX_BLOCK_S,login-address=…,mail-account=…,mail-address=…`, a part `=off` removes one.
 */
export const parseAuthLimits = (value: string | undefined): AuthLimitPolicy | null => {
  if (!value) return DEFAULT_AUTH_LIMITS;
  if (value === 'off') return null;
  const policy = { ...DEFAULT_AUTH_LIMITS };
  for (const part of value.split(',')) {
    const [key, spec] = part.split('=');
    const numbers = /^(\d+)\/(\d+)\/(\d+)$/.exec(spec ?? '');
    const field = PARTS[key?.trim() ?? ''];
    if (!field || (!numbers && spec !== 'off'))
      throw new Error(`AUTH_LIMITS: cannot read "${part}" (expected ${Object.keys(PARTS).join('|')}=FREE/WINDOW_SECONDS/MAX_BLOCK_SECONDS or =off)`);
    policy[field] = numbers ? { free: Number(numbers[1]), windowSeconds: Number(numbers[2]), maxBlockSeconds: Number(numbers[3]) } : null;
  }
  return policy;
};

/** One policy's attempts by key, in this process only (instances do not share counts). */
export class AttemptWindow {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly policy: AttemptPolicy) {}

  /** Seconds `key` must wait before its next attempt counts; 0 when it may try now. */
  wait(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.policy.free) return 0;
    const block = Math.min(this.policy.maxBlockSeconds, 2 ** (recent.length - this.policy.free)) * 1000;
    return Math.max(0, Math.ceil((recent[recent.length - 1] + block - now) / 1000));
  }

  record(key: string, now: number): void {
    this.attempts.set(key, [...this.recent(key, now), now]);
    if (this.attempts.size > 100_000) for (const k of [...this.attempts.keys()]) if (this.recent(k, now).length === 0) this.attempts.delete(k);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.policy.windowSeconds * 1000;
    return (this.attempts.get(key) ?? []).filter((t) => t > since);
  }
}

class Buckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly policy: BucketPolicy) {}

  take(key: string, now: number): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.policy.burst, at: now };
    bucket.tokens = Math.min(this.policy.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.policy.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFull(now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Buckets that have refilled completely carry no state worth keeping. */
  private forgetFull(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.policy.perSecond >= this.policy.burst) this.buckets.delete(key);
  }
}

const isDataApi = (url: string) => url.startsWith('/v1/api/') || url.startsWith('/v1/integration_api/');

/**
 * Rate and concurrency limits as a Fastify hook on the data APIs: 429 `too-many-requests` in the request's
 * format for a rate limit, 429 with an empty body for a concurrency limit (as the platform answers).
 */
export const installRateLimits = (fastify: FastifyInstance, policy: RateLimitPolicy): void => {
  const queries = policy.queries ? new Buckets(policy.queries) : null;
  const commands = policy.commands ? new Buckets(policy.commands) : null;
  const inFlight = new Map<string, number>();
  const counted = new WeakSet<FastifyRequest>();

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.replace(/\/{2,}/g, '/');
    if (!isDataApi(url) || request.method === 'OPTIONS') return;
    const ip = request.ip;
    if (policy.integrationConcurrency !== null && url.startsWith('/v1/integration_api/')) {
      const current = inFlight.get(ip) ?? 0;
      if (current >= policy.integrationConcurrency) return reply.status(429).send();
      inFlight.set(ip, current + 1);
      counted.add(request);
    }
    const buckets = request.method === 'GET' ? queries : commands;
    if (buckets && !buckets.take(ip, Date.now())) {
      sendBody(reply, request, 429, errorEnvelope(apiError(429, 'too-many-requests', 'Rate limit reached; slow down.')));
      return reply;
    }
  });
  fastify.addHook('onResponse', async (request: FastifyRequest) => {
    if (!counted.has(request)) return;
    const left = (inFlight.get(request.ip) ?? 1) - 1;
    if (left <= 0) inFlight.delete(request.ip);
    else inFlight.set(request.ip, left);
  });
};
