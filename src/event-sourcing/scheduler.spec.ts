import Database from 'better-sqlite3';
import type { EventStore, RecordedEvent, StreamAppend } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteDocumentStore } from '../read-models/sqlite-document-store';
import { conflict } from '../shared/api-error';
import { ManualClock } from '../shared/clock';
import { CommandContext, operatorContext } from '../shared/command-context';
import type { DomainEvent } from '../shared/decider';
import { projectBatch } from './projection';
import { Command, CommandRunner } from './command-runner';
import { cancelJob, jobStream, jobStreamId, scheduledJobModel, ScheduledJobEvent, scheduleJob } from './scheduled-job';
import { ALL_MARKETPLACES, SCHEDULED_JOBS_COLLECTION, scheduledJobsProjection } from './scheduled-jobs.projection';
import { ScheduledCommands, Scheduler, SchedulerOptions } from './scheduler';
import { internalStream, StreamModel } from './stream-model';

const MP = 'mp-1';
const HOUR = 3_600_000;
const silent = { warn: jest.fn(), error: jest.fn() };

/** A stream whose events list what ran, in order: the effect of the test commands. */
type Note = DomainEvent<'note/added', { label: string }>;
const notesModel: StreamModel<string[], Note> = {
  name: 'notes',
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.label],
};
const notes = (id = 'log') => internalStream(notesModel, `${MP}:notes-${id}`);

/** Test commands: `note` adds a label; `refuse` throws a domain error; `flaky` fails (not a domain error) at first. */
const commandsWith = (flaky: { failures: number }) =>
  new ScheduledCommands()
    .register<{ label: string; notes?: string }>('note', (ctx, data) => ({
      ctx,
      streams: { notes: notes(data.notes) },
      decide: () => ({ events: { notes: [{ type: 'note/added', data: { label: data.label } }] } }),
    }))
    .register('refuse', (ctx) => ({
      ctx,
      streams: { notes: notes() },
      decide: () => {
        throw conflict('transaction-invalid-transition', 'not from this state');
      },
    }))
    .register<{ label: string }>('flaky', (ctx, data) => ({
      ctx,
      streams: { notes: notes() },
      decide: () => {
        if (flaky.failures > 0) {
          flaky.failures -= 1;
          throw new Error('provider timeout');
        }
        return { events: { notes: [{ type: 'note/added', data: { label: data.label } }] } };
      },
    }));

/** The embedded wiring: one SQLite file, the scheduled-jobs projection applied inside the append. */
const setup = () => {
  const db = new Database(':memory:');
  const events = new SqliteEventStore(db);
  const documents = new SqliteDocumentStore(db);
  events.setInlineProjector((recorded) => {
    const out = projectBatch([scheduledJobsProjection], recorded);
    documents.applySync(out.documents, out.checkpoints);
  });
  const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
  const flaky = { failures: 0 };
  const commands = commandsWith(flaky);
  const visibility = { waitFor: async () => undefined };
  const runnerOver = (store: EventStore = events) => new CommandRunner(store, visibility);
  const runner = runnerOver();
  const schedulers: Scheduler[] = [];
  const scheduler = (options: SchedulerOptions = {}, over: CommandRunner = runnerOver()) => {
    const s = new Scheduler(over, documents, clock, commands, { logger: silent, retryBackoffMs: 10, ...options });
    schedulers.push(s);
    return s;
  };
  const ctx = (): CommandContext => operatorContext(MP, clock.now());

  /** A decision that schedules a job (as a transition would, inside its own decide). */
  const schedule = (jobId: string, dueAt: Date, command: { type: string; data: unknown }) =>
    runner.run({
      ctx: ctx(),
      streams: { job: jobStream(MP, jobId) },
      decide: ({ job }) => ({ events: { job: scheduleJob(job, { jobId, dueAt, command }) } }),
    });
  const cancel = (jobId: string) =>
    runner.run({ ctx: ctx(), streams: { job: jobStream(MP, jobId) }, decide: ({ job }) => ({ events: { job: cancelJob(job) } }) });

  const noted = async (id = 'log') => (await events.readStream(`${MP}:notes-${id}`)).map((e) => (e.data as { label: string }).label);
  const jobEvents = async (jobId: string) => (await events.readStream(jobStreamId(MP, jobId))).map((e) => e.type);
  const pending = async () =>
    (await documents.query<{ jobId: string }>(SCHEDULED_JOBS_COLLECTION, { marketplaceId: ALL_MARKETPLACES, offset: 0, limit: 100 })).items.map((j) => j.jobId);
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  const close = async () => {
    for (const s of schedulers) await s.stop();
    db.close();
  };
  return { db, events, documents, clock, flaky, commands, runner, runnerOver, scheduler, schedule, cancel, noted, jobEvents, pending, later, close };
};

type Setup = ReturnType<typeof setup>;

describe('scheduled jobs (pure)', () => {
  const state = (...history: ScheduledJobEvent[]) => history.reduce(scheduledJobModel.evolve, scheduledJobModel.initialState());
  const scheduled: ScheduledJobEvent = {
    type: 'job/scheduled',
    data: { jobId: 'j', dueAt: '2026-03-01T13:00:00.000Z', command: { type: 'note', data: { label: 'a' } } },
  };

  it('given nothing, when a job is scheduled, then job/scheduled with the due time in ISO form', () => {
    expect(scheduleJob(state(), { jobId: 'j', dueAt: new Date('2026-03-01T13:00:00Z'), command: { type: 'note', data: { label: 'a' } } })).toEqual([
      scheduled,
    ]);
  });

  it('given a pending job, when it is scheduled again the same, then nothing; at another time, then it moves', () => {
    expect(scheduleJob(state(scheduled), { jobId: 'j', dueAt: '2026-03-01T13:00:00.000Z', command: { type: 'note', data: { label: 'a' } } })).toEqual([]);
    expect(scheduleJob(state(scheduled), { jobId: 'j', dueAt: '2026-03-01T14:00:00.000Z', command: { type: 'note', data: { label: 'a' } } })).toEqual([
      { ...scheduled, data: { ...scheduled.data, dueAt: '2026-03-01T14:00:00.000Z' } },
    ]);
  });

  it('given a job that ran, when it is scheduled or cancelled again, then nothing', () => {
    const ran = state(scheduled, { type: 'job/ran', data: { jobId: 'j', ranAt: '2026-03-01T13:00:00.000Z' } });
    expect(scheduleJob(ran, { jobId: 'j', dueAt: '2026-03-02T00:00:00.000Z', command: { type: 'note', data: {} } })).toEqual([]);
    expect(cancelJob(ran)).toEqual([]);
  });

  it('given a pending job, when it is cancelled, then job/cancelled; cancelled again, then nothing', () => {
    expect(cancelJob(state(scheduled))).toEqual([{ type: 'job/cancelled', data: { jobId: 'j' } }]);
    expect(cancelJob(state(scheduled, { type: 'job/cancelled', data: { jobId: 'j' } }))).toEqual([]);
    expect(cancelJob(state())).toEqual([]);
  });

  it('projects pending jobs into one collection for every marketplace, and removes them when over', () => {
    const event = { ...scheduled, id: 'e1', streamId: 'mp:job-j', revision: 0, position: 1, metadata: { marketplaceId: 'mp', createdAt: '2026-03-01T12:00:00.000Z', public: false } };
    expect(scheduledJobsProjection.project(event as RecordedEvent)).toEqual([
      {
        op: 'put',
        collection: 'scheduled-job',
        document: expect.objectContaining({
          id: 'mp:job-j',
          marketplaceId: '*',
          fields: { dueAt: '2026-03-01T13:00:00.000Z' },
          body: expect.objectContaining({ jobId: 'j', marketplaceId: 'mp', dueAt: '2026-03-01T13:00:00.000Z' }),
        }),
      },
    ]);
    expect(scheduledJobsProjection.project({ ...event, type: 'job/ran', data: { jobId: 'j', ranAt: 'x' } } as RecordedEvent)).toEqual([
      { op: 'delete', collection: 'scheduled-job', marketplaceId: '*', id: 'mp:job-j' },
    ]);
  });
});

describe('Scheduler', () => {
  let t: Setup;
  beforeEach(() => {
    t = setup();
  });
  afterEach(() => t.close());

  it('runs a job whose due time is past at once', async () => {
    // given
    await t.schedule('late', t.later(-HOUR), { type: 'note', data: { label: 'late' } });
    // when
    await t.scheduler().start();
    // then
    expect(await t.noted()).toEqual(['late']);
    expect(await t.jobEvents('late')).toEqual(['job/scheduled', 'job/ran']);
    expect(await t.pending()).toEqual([]);
  });

  it('runs a job only once the clock is advanced past its due time', async () => {
    // given
    const scheduler = t.scheduler();
    await scheduler.start();
    await t.schedule('expiry', t.later(HOUR), { type: 'note', data: { label: 'expired' } });
    scheduler.wake();
    await scheduler.idle();
    expect(await t.noted()).toEqual([]);
    // when: not yet
    t.clock.advance(HOUR - 1000);
    await scheduler.idle();
    expect(await t.noted()).toEqual([]);
    // when: due
    t.clock.advance(1000);
    await scheduler.idle();
    // then
    expect(await t.noted()).toEqual(['expired']);
    expect(await t.pending()).toEqual([]);
  });

  it('runs due jobs earliest first', async () => {
    // given
    for (const [id, hours] of [['third', 3], ['first', 1], ['second', 2]] as const) {
      await t.schedule(id, t.later(hours * HOUR), { type: 'note', data: { label: id } });
    }
    const scheduler = t.scheduler();
    await scheduler.start();
    // when
    t.clock.set(t.later(4 * HOUR));
    await scheduler.idle();
    // then
    expect(await t.noted()).toEqual(['first', 'second', 'third']);
  });

  it('never runs a cancelled job', async () => {
    // given
    const scheduler = t.scheduler();
    await scheduler.start();
    await t.schedule('expiry', t.later(HOUR), { type: 'note', data: { label: 'expired' } });
    // when
    await t.cancel('expiry');
    t.clock.advance(2 * HOUR);
    await scheduler.idle();
    // then
    expect(await t.noted()).toEqual([]);
    expect(await t.jobEvents('expiry')).toEqual(['job/scheduled', 'job/cancelled']);
    expect(await t.pending()).toEqual([]);
  });

  it('runs a job across a restart, and after a rebuild of the read models', async () => {
    // given: a job scheduled while one scheduler ran, which stops
    const first = t.scheduler();
    await first.start();
    await t.schedule('expiry', t.later(HOUR), { type: 'note', data: { label: 'expired' } });
    await first.stop();
    // and the read models rebuilt from the log
    await t.documents.reset();
    const log = await t.events.readAll({ limit: 1000 });
    const out = projectBatch([scheduledJobsProjection], log);
    await t.documents.apply(out.documents, out.checkpoints);
    // when: the time passes while no scheduler runs, and a new one starts over the same stores
    t.clock.advance(2 * HOUR);
    await t.scheduler().start();
    // then
    expect(await t.noted()).toEqual(['expired']);
  });

  it('records job/failed with the code of a domain error, without the command events and without retrying', async () => {
    // given
    await t.schedule('refused', t.later(-1), { type: 'refuse', data: {} });
    // when
    const scheduler = t.scheduler();
    await scheduler.start();
    await scheduler.runDue();
    // then
    const failed = (await t.events.readStream(jobStreamId(MP, 'refused'))).at(-1)!;
    expect(failed.type).toBe('job/failed');
    expect(failed.data).toEqual({ jobId: 'refused', code: 'transaction-invalid-transition', message: expect.stringContaining('not from this state') });
    expect(await t.noted()).toEqual([]);
    expect(await t.jobEvents('refused')).toEqual(['job/scheduled', 'job/failed']);
    expect(await t.pending()).toEqual([]);
  });

  it('retries a job that fails with another error, with backoff, until it runs', async () => {
    // given
    t.flaky.failures = 2;
    await t.schedule('flaky', t.later(-1), { type: 'flaky', data: { label: 'done' } });
    // when
    const scheduler = t.scheduler({ retryBackoffMs: 5 });
    await scheduler.start();
    await waitUntil(async () => (await t.noted()).length > 0);
    // then
    expect(await t.noted()).toEqual(['done']);
    expect(t.flaky.failures).toBe(0);
    expect(await t.jobEvents('flaky')).toEqual(['job/scheduled', 'job/ran']);
  });

  it("appends job/ran atomically with the command's events: a crash in the append leaves the job pending, and it runs once", async () => {
    // given: a log whose first append of the job's run fails (the process dies there)
    let crash = true;
    const crashing: EventStore = Object.assign(Object.create(t.events) as EventStore, {
      append: async (appends: StreamAppend[]) => {
        if (crash && appends.some((a) => a.streamId === jobStreamId(MP, 'charge'))) {
          crash = false;
          throw new Error('killed during the append');
        }
        return t.events.append(appends);
      },
    });
    await t.schedule('charge', t.later(-1), { type: 'note', data: { label: 'charged' } });
    const dying = t.scheduler({}, t.runnerOver(crashing));
    await dying.runDue();
    expect(await t.noted()).toEqual([]);
    expect(await t.jobEvents('charge')).toEqual(['job/scheduled']);
    expect(await t.pending()).toEqual(['charge']);
    // when: two schedulers (a restart racing the old one) run what is due
    await Promise.all([t.scheduler().runDue(), t.scheduler().runDue(), dying.runDue()]);
    // then: once, and the job's end was written with the command's events
    expect(await t.noted()).toEqual(['charged']);
    const ran = (await t.events.readStream(jobStreamId(MP, 'charge'))).at(-1)!;
    const note = (await t.events.readStream(`${MP}:notes-log`))[0];
    expect(ran.type).toBe('job/ran');
    expect(Math.abs(ran.position - note.position)).toBe(1);
    expect(await t.pending()).toEqual([]);
  });

  it('wakes as soon as a job is scheduled when it follows the log', async () => {
    // given
    const scheduler = t.scheduler({ store: t.events });
    await scheduler.start();
    // when: a decision schedules a job due now
    await t.schedule('now', t.clock.now(), { type: 'note', data: { label: 'now' } });
    // then
    await waitUntil(async () => (await t.noted()).length > 0);
    expect(await t.noted()).toEqual(['now']);
  });

  it('sleeps until the next due time by real timers when the clock follows real time', async () => {
    // given: a clock that follows real time (the system clock, as in production)
    const realTime = { now: () => new Date() };
    const scheduler = new Scheduler(t.runnerOver(), t.documents, realTime, t.commands, { logger: silent });
    await scheduler.start();
    // when: a job is due in 50 ms and the scheduler is told about it
    await t.schedule('soon', new Date(Date.now() + 50), { type: 'note', data: { label: 'soon' } });
    scheduler.wake();
    await scheduler.idle();
    expect(await t.noted()).toEqual([]);
    // then
    await waitUntil(async () => (await t.noted()).length > 0);
    expect(await t.noted()).toEqual(['soon']);
    await scheduler.stop();
  });

  it('runs a job of a command whose streams depend on loaded state', async () => {
    const commands = new ScheduledCommands().register<{ label: string }>('chained', (ctx, data): Command<any, unknown> => ({
      ctx,
      streams: (loaded: { first?: string[] }) => (loaded.first ? { first: notes('a'), second: notes(loaded.first.length > 0 ? 'b' : 'c') } : { first: notes('a') }),
      decide: () => ({ events: { second: [{ type: 'note/added', data: { label: data.label } }] } }),
    }));
    await t.runner.run({ ctx: operatorContext(MP, t.clock.now()), streams: { n: notes('a') }, decide: () => ({ events: { n: [{ type: 'note/added' as const, data: { label: 'x' } }] } }) });
    await t.schedule('chained', t.later(-1), { type: 'chained', data: { label: 'to-b' } });
    await new Scheduler(t.runnerOver(), t.documents, t.clock, commands, { logger: silent }).runDue();
    expect(await t.noted('b')).toEqual(['to-b']);
    expect(await t.jobEvents('chained')).toEqual(['job/scheduled', 'job/ran']);
  });
});

const waitUntil = async (condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};
