import type { NewEvent } from '../event-store/event-store.port';
import { derivedEventIds } from './event-ids';

const event = (data: unknown): NewEvent => ({ type: 'user/updated', data, metadata: { marketplaceId: 'mp', createdAt: '2026-01-01T00:00:00.000Z', public: true } });

describe('derivedEventIds', () => {
  it('given the same command, stream, revision and events, then the ids are the same (a repeat is recognised)', () => {
    const a = derivedEventIds('cmd-1', 'mp:user-1', 3, [event({ a: 1 }), event({ b: 2 })]);
    const b = derivedEventIds('cmd-1', 'mp:user-1', 3, [event({ a: 1 }), event({ b: 2 })]);
    expect(a.map((e) => e.id)).toEqual(b.map((e) => e.id));
    expect(a[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a[0].id).not.toBe(a[1].id);
  });

  it('given another revision, command, stream or content, then the ids differ', () => {
    const [base] = derivedEventIds('cmd-1', 'mp:user-1', 3, [event({ a: 1 })]);
    for (const [other] of [
      derivedEventIds('cmd-1', 'mp:user-1', 4, [event({ a: 1 })]),
      derivedEventIds('cmd-2', 'mp:user-1', 3, [event({ a: 1 })]),
      derivedEventIds('cmd-1', 'mp:user-2', 3, [event({ a: 1 })]),
      derivedEventIds('cmd-1', 'mp:user-1', 3, [event({ a: 2 })]),
    ])
      expect(other.id).not.toBe(base.id);
  });
});
