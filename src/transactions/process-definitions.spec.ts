import { DEFAULT_PROCESS_NAMES, defaultProcesses, parseEdn, processContentOf } from './process-files';
import { ProcessValidationError, validateProcess } from './domain/process-validation';
import { processDecider, ProcessEvent, aliasedVersion } from './domain/process.decider';
import { evaluateTime, shift } from './domain/time-expressions';
import { specFor } from '../../test/support/given-when-then';
import type { TransitionSpec } from './domain/process-definition';

const errorsOf = (edn: string, templates: Record<string, { html: string; subject: string }> | null = null) => validateProcess(parseEdn(edn), templates).errors;
const template = { html: '<p>hi</p>', subject: 'Hi' };

describe('process.edn validation (the platform CLI rules)', () => {
  it('accepts the five default processes, each with every template it uses', () => {
    const processes = defaultProcesses();
    expect(processes.map((p) => p.name)).toEqual([...DEFAULT_PROCESS_NAMES]);
    const inquiry = processes.find((p) => p.name === 'default-inquiry')!;
    expect(inquiry.definition.transitions).toEqual([
      { name: 'transition/inquire-without-payment', from: null, to: 'state/free-inquiry', actor: 'customer', at: null, actions: [{ name: 'action/update-protected-data', config: {} }], privileged: false },
    ]);
    expect(inquiry.definition.notifications).toEqual([{ name: 'notification/inquiry-new-inquiry', on: 'transition/inquire-without-payment', to: 'provider', template: 'inquiry-new-inquiry', at: null }]);
  });

  it('keeps the default-booking table: names, actors, states, actions and times', () => {
    const booking = defaultProcesses().find((p) => p.name === 'default-booking')!.definition;
    const byName = (n: string) => booking.transitions.find((t) => t.name === `transition/${n}`) as TransitionSpec;
    expect(booking.transitions).toHaveLength(20);
    expect(byName('request-payment')).toMatchObject({ from: null, to: 'state/pending-payment', actor: 'customer', privileged: true });
    expect(byName('request-payment').actions.map((a) => a.name)).toEqual([
      'action/update-protected-data',
      'action/create-pending-booking',
      'action/privileged-set-line-items',
      'action/stripe-create-payment-intent',
    ]);
    expect(byName('request-payment').actions[1].config).toEqual({ type: 'time' });
    expect(byName('expire')).toMatchObject({ actor: null, from: 'state/preauthorized', to: 'state/expired' });
    // min(entered preauthorized + 6 days, booking start + 1 day, booking end)
    const t = { txInitiated: null, firstEnteredState: { 'state/preauthorized': '2026-01-01T00:00:00.000Z' }, lastEnteredState: {}, firstTransitioned: {}, booking: null };
    expect(evaluateTime(byName('expire').at!, t, new Date(0))).toEqual(new Date('2026-01-07T00:00:00.000Z'));
    const booked = { ...t, booking: { start: '2026-01-03T10:00:00.000Z', end: '2026-01-03T12:00:00.000Z', displayStart: '', displayEnd: '' } };
    expect(evaluateTime(byName('expire').at!, booked, new Date(0))).toEqual(new Date('2026-01-03T12:00:00.000Z'));
  });

  it('names the offending transition for each broken rule', () => {
    const errors = errorsOf(`{:format :v3
      :transitions [{:name :transition/a :actor :actor.role/customer :to :state/a}
                    {:name :transition/b :from :state/a :to :state/b}
                    {:name :transition/c :from :state/a :to :state/c :actor :actor.role/provider :at {:fn/timepoint [:time/tx-initiated]}}
                    {:name :transition/d :from :state/a :to :state/d :actor :actor.role/provider :actions [{:name :action/no-such}]}
                    {:name :transition/e :from :state/a :to :state/e :actor :actor.role/provider :actions [{:name :action/privileged-update-metadata}]}
                    {:name :transition/f :from :state/nowhere :to :state/a :actor :actor.role/provider}
                    {:name :transition/a :from :state/a :to :state/a :actor :actor.role/customer}
                    {:name :transition/g :from :state/a :to :state/g :at {:fn/plus [{:fn/timepoint [:time/first-entered-state :state/zzz]} {:fn/period ["P1X"]}]}}]
      :notifications [{:name :notification/n :on :transition/zz :to :actor.role/provider :template :t}]}`, {});
    expect(errors).toEqual(
      expect.arrayContaining([
        'transition :transition/b: exactly one of :actor and :at is required',
        'transition :transition/c: exactly one of :actor and :at is required',
        'transition :transition/d action #1: unknown action :action/no-such',
        'transition :transition/e: the privileged action :action/privileged-update-metadata needs :privileged? true or the operator as actor',
        'transition :transition/f: its state :state/nowhere is not reachable from the initial state',
        'transition :transition/a: the name is used more than once',
        'transition :transition/g :at: :fn/period takes one ISO-8601 duration string, like ["PT15M"]',
        'notification :notification/n: :on names the unknown transition :transition/zz',
        'notification :notification/n: template t is missing (templates/t/t-html.html and -subject.txt)',
      ]),
    );
  });

  it('rejects an operator as initial actor, the implicit initializer, unknown states in times and bad EDN', () => {
    expect(errorsOf(`{:format :v3 :transitions [{:name :transition/a :actor :actor.role/operator :to :state/a}]}`)).toEqual([
      "transition :transition/a: an initial transition's actor must be the customer or the provider",
    ]);
    expect(errorsOf(`{:format :v3 :transitions [{:name :transition/a :actor :actor.role/customer :to :state/a :actions [{:name :action.initializer/init-listing-tx}]}]}`)).toEqual([
      'transition :transition/a action #1: :action.initializer/init-listing-tx runs implicitly in every initial transition and must not be written',
    ]);
    expect(
      errorsOf(`{:format :v3 :transitions [{:name :transition/a :actor :actor.role/customer :to :state/a}
        {:name :transition/b :from :state/a :to :state/b :at {:fn/timepoint [:time/first-entered-state :state/q]}}]}`),
    ).toEqual(['transition :transition/b: :at refers to the unknown state :state/q']);
    expect(errorsOf(`{:format :v2 :transitions []}`)).toEqual(['process: :format must be :v3', 'process: :transitions must be a non-empty vector']);
    expect(() => parseEdn('{:format :v3 :transitions [')).toThrow(ProcessValidationError);
    expect(() => parseEdn('{:a 1} {:b 2}')).toThrow(/exactly one map/);
  });

  it('warns about a template no notification uses', () => {
    const edn = `{:format :v3 :transitions [{:name :transition/a :actor :actor.role/customer :to :state/a}]}`;
    expect(processContentOf(edn, { extra: template }).warnings).toEqual(['template extra is not used by any notification']);
  });
});

describe('time expressions', () => {
  it('shifts by ISO durations', () => {
    const at = new Date('2026-01-31T10:00:00.000Z');
    expect(shift(at, 'PT15M', 1)).toEqual(new Date('2026-01-31T10:15:00.000Z'));
    expect(shift(at, 'P1W2DT1H', 1)).toEqual(new Date('2026-02-09T11:00:00.000Z'));
    expect(shift(at, 'P1D', -1)).toEqual(new Date('2026-01-30T10:00:00.000Z'));
    expect(shift(new Date('2026-01-15T00:00:00.000Z'), 'P1M', 1)).toEqual(new Date('2026-02-15T00:00:00.000Z'));
  });

  it('is empty for a timepoint not reached, and for a past time under ignore-if-past', () => {
    const t = { txInitiated: '2026-01-01T00:00:00.000Z', firstEnteredState: {}, lastEnteredState: {}, firstTransitioned: {}, booking: null };
    expect(evaluateTime({ fn: 'timepoint', timepoint: 'time/booking-end', arg: null }, t, new Date())).toBeNull();
    const past = { fn: 'ignore-if-past' as const, arg: { fn: 'timepoint' as const, timepoint: 'time/tx-initiated', arg: null } };
    expect(evaluateTime(past, t, new Date('2026-02-01T00:00:00.000Z'))).toBeNull();
    expect(evaluateTime(past, t, new Date('2025-12-01T00:00:00.000Z'))).toEqual(new Date('2026-01-01T00:00:00.000Z'));
  });
});

describe('process versions and aliases', () => {
  const given = specFor(processDecider);
  const { name: _name, ...content } = defaultProcesses().find((p) => p.name === 'default-inquiry')!;
  const now = new Date('2026-01-01T00:00:00.000Z');
  const v1: ProcessEvent = { type: 'process/version-created', data: { name: 'p', version: 1, ...content, createdAt: now.toISOString() } };

  it('creates version 1, and a new version only when something changed', () => {
    given().when({ type: 'create', name: 'p', now, ...content }).then([v1]);
    given([v1]).when({ type: 'create', name: 'p', now, ...content }).thenThrows('tx-process-already-exists');
    given([v1]).when({ type: 'create-version', name: 'p', now, ...content }).thenNothing();
    const changed = { ...content, templates: { ...content.templates, other: template } };
    expect(given([v1]).when({ type: 'create-version', name: 'p', now, ...changed }).events()[0].data).toMatchObject({ version: 2 });
    given().when({ type: 'create-version', name: 'p', now, ...content }).thenThrows('tx-process-not-found');
  });

  it('points aliases at existing versions', () => {
    given([v1]).when({ type: 'create-alias', alias: 'release-1', version: 1 }).then([{ type: 'process/alias-created', data: { alias: 'release-1', version: 1 } }]);
    given([v1]).when({ type: 'create-alias', alias: 'release-1', version: 2 }).thenThrows('tx-process-version-not-found');
    given([v1]).when({ type: 'update-alias', alias: 'release-1', version: 1 }).thenThrows('tx-process-alias-not-found');
    const aliased: ProcessEvent = { type: 'process/alias-created', data: { alias: 'release-1', version: 1 } };
    given([v1, aliased]).when({ type: 'create-alias', alias: 'release-1', version: 1 }).thenThrows('tx-process-alias-already-exists');
    given([v1, aliased]).when({ type: 'delete-alias', alias: 'release-1' }).then([{ type: 'process/alias-deleted', data: { alias: 'release-1' } }]);
    expect(aliasedVersion(given([v1, aliased]).state, 'release-1')?.version).toBe(1);
  });
});
