import { specFor } from '../../../test/support/given-when-then';
import { isSessionUsable, sessionDecider } from './session.decider';

const given = specFor(sessionDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const start = { type: 'start' as const, sessionId: 's', clientId: 'c', userId: 'u', userEpoch: 0, scope: 'user' as const, secretHash: 'h', now, ttlSeconds: 60 };
const started = {
  type: 'session/started' as const,
  data: { sessionId: 's', clientId: 'c', userId: 'u', scope: 'user' as const, secretHash: 'h', startedAt: now.toISOString(), expiresAt: '2026-03-01T10:01:00.000Z', userEpoch: 0 },
};

describe('session decider', () => {
  it('given nothing, when started, then session/started expiring after the ttl', () => {
    given([]).when(start).then([started]);
  });
  it('given a session, when revoked twice, then one session/revoked', () => {
    const revoked = { type: 'session/revoked' as const, data: { revokedAt: now.toISOString() } };
    given([started]).when({ type: 'revoke', now }).then([revoked]);
    given([started, revoked]).when({ type: 'revoke', now }).thenNothing();
  });
  it('given an unknown session, when revoked, then nothing (revoke always succeeds)', () => {
    given([]).when({ type: 'revoke', now }).thenNothing();
  });
  it('given a session started before epochs existed, its epoch is 0', () => {
    const { userEpoch: _, ...old } = started.data;
    expect(given([{ type: 'session/started', data: old }]).state.userEpoch).toBe(0);
  });
  it('is usable until it expires or is revoked', () => {
    const state = given([started]).state;
    expect(isSessionUsable(state, now)).toBe(true);
    expect(isSessionUsable(state, new Date('2026-03-01T10:01:00.000Z'))).toBe(false);
    expect(isSessionUsable(given([started, { type: 'session/revoked', data: { revokedAt: now.toISOString() } }]).state, now)).toBe(false);
  });
});
