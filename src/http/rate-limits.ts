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
