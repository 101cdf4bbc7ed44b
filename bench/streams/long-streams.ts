import { randomBytes, randomUUID } from 'node:crypto';
import type { BenchContext, BenchResult, LoadResult, ServerProcess } from '../bench-kit';
import { anonymousToken, JSON_TYPE, load, signUp, userToken } from '../bench-kit';
import { loadConfig } from '../../src/config';
import { openInfrastructure } from '../../src/infrastructure/composition-root';
import type { CommandContext } from '../../src/shared/command-context';
import { userDecider } from '../../src/users/domain/user.decider';
import type { UserEvent } from '../../src/users/domain/user.events';
import { userStream } from '../../src/users/user-streams';

const longEvents = (): number => {
  const n = Number(process.env.BENCH_LONG_STREAM_EVENTS);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
};

const PASSWORD = 'bench-password';
const CHUNK = 1000;

interface BenchUser {
  email: string;
  userId: string;
}

/**
 * Grows each of `users` to `events` events through the command runner, a chunk of decided updates per command (the
 * decider folds, the stream model publishes, the runner appends at the revision and keeps snapshots as it would
 * for the same events arriving one command at a time), into the stopped server's data folder.
 */
const growStreams = async (dataDir: string, marketplaceId: string, clientId: string, users: BenchUser[], events: number): Promise<void> => {
  const infra = await openInfrastructure(loadConfig({}, { dataDir, sqliteSynchronous: 'FULL' }));
  try {
    for (const user of users) {
      const ref = userStream(marketplaceId, user.userId);
      let at = Date.now() - events * 1000;
      for (let revision = (await infra.events.readStream(ref.streamId)).length - 1; revision + 1 < events; ) {
        const count = Math.min(CHUNK, events - revision - 1);
        const ctx: CommandContext = { marketplaceId, clientId, userId: user.userId, adminId: null, requestId: randomUUID(), source: 'source/marketplace-api', now: new Date((at += 1000)) };
        const outcome = await infra.runner.run({
          ctx,
          streams: { user: ref },
          decide: ({ user: before }) => {
            const decided: UserEvent[] = [];
            let state = before;
            for (let i = 0; i < count; i++) {
              const events = userDecider.decide({ type: 'update-profile', update: { publicData: { seeded: revision + i } } }, state);
              decided.push(...events);
              state = events.reduce((s, e) => userDecider.evolve(s, e), state);
            }
            return { events: { user: decided } };
          },
        });
        revision = outcome.events.at(-1)!.revision;
      }
    }
  } finally {
    await infra.close();
  }
};

const updateLoad = (baseUrl: string, tokens: string[]): Promise<LoadResult> => {
  let n = 0;
  return load(baseUrl, {
    method: 'POST',
    path: '/v1/api/current_user/update_profile',
    headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE },
    perConnectionHeaders: tokens.map((token) => ({ authorization: `Bearer ${token}` })),
    vary: () => ({ body: JSON.stringify({ publicData: { n: n++ } }) }),
  });
};

/**
 * current_user/update_profile by users whose streams hold `BENCH_LONG_STREAM_EVENTS` (default 10,000) events each,
 * against the same load by users with a handful, on one server restarted over the grown log (so no state is warm
 * from the seeding: the first command of each long user folds its stream, or starts from its snapshot).
 */
export const measureLongStreams = async (ctx: BenchContext): Promise<BenchResult> => {
  const events = longEvents();
  const first = await ctx.startServer();
  const clientId = first.credentials.marketplaceApi.clientId;
  const anon = await anonymousToken(first.baseUrl, clientId);
  const run = randomBytes(4).toString('hex');
  const signUpMany = (kind: string) =>
    Promise.all(
      Array.from({ length: ctx.connections }, async (_, i) => {
        const email = `${kind}-${run}-${i}@example.com`;
        return { email, userId: await signUp(first.baseUrl, anon, { email, password: PASSWORD, firstName: 'Bench', lastName: `${kind} ${i}` }) };
      }),
    );
  const short = await signUpMany('short');
  const long = await signUpMany('long');
  await first.stop();
  ctx.log(`growing ${long.length} user streams to ${events} events each`);
  const started = Date.now();
  await growStreams(first.dataDir, first.credentials.marketplaceId, clientId, long, events);
  ctx.log(`grown in ${((Date.now() - started) / 1000).toFixed(1)} s; restarting the server`);

  const server: ServerProcess = await ctx.startServer({ dataDir: first.dataDir });
  const tokensOf = (users: BenchUser[]) => Promise.all(users.map((u) => userToken(server.baseUrl, clientId, u.email, PASSWORD)));
  const longTokens = await tokensOf(long);
  const shortTokens = await tokensOf(short);
  // The first command of a long user after the restart: the cold cost (fold, or snapshot plus the events after it).
  const coldStarted = performance.now();
  await fetch(`${server.baseUrl}/v1/api/current_user/update_profile`, {
    method: 'POST',
    headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE, authorization: `Bearer ${longTokens[0]}` },
    body: JSON.stringify({ publicData: { cold: true } }),
  }).then((r) => r.text());
  const coldMs = performance.now() - coldStarted;
  // Short, long, short: the baseline is the better of the two short runs, so a warmer JIT or a quieter machine
  // during the long run cannot pass for flatness.
  ctx.log('load: update_profile, users with short streams');
  const shortBefore = await updateLoad(server.baseUrl, shortTokens);
  ctx.log(`load: update_profile, users with ${events} events each`);
  const longLoad = await updateLoad(server.baseUrl, longTokens);
  ctx.log('load: update_profile, users with short streams again');
  const shortAfter = await updateLoad(server.baseUrl, shortTokens);
  const shortLoad = shortAfter.requestsPerSecond > shortBefore.requestsPerSecond ? shortAfter : shortBefore;
  return {
    name: `update_profile, users with ${Math.round(events / 1000)}k events`,
    unit: 'commands/s',
    ours: { value: longLoad.requestsPerSecond, p50Ms: longLoad.p50Ms, p99Ms: longLoad.p99Ms },
    baseline: { name: 'same, users with ~10 events', value: shortLoad.requestsPerSecond, p50Ms: shortLoad.p50Ms, p99Ms: shortLoad.p99Ms },
    extras: {
      users: long.length,
      'first command after restart ms': Math.round(coldMs * 10) / 10,
      target: longLoad.requestsPerSecond >= 0.9 * shortLoad.requestsPerSecond ? 'met (within 10%)' : 'MISSED (within 10%)',
    },
  };
};
