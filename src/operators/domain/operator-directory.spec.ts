import { specFor } from '../../../test/support/given-when-then';
import { liveSession, OperatorEvent, operatorDirectoryDecider } from './operator-directory';

const given = specFor(operatorDirectoryDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const id = 'op-1';
const added: OperatorEvent = { type: 'operator/added', data: { id, email: 'ada@example.com', passwordHash: 'h1', marketplaces: null, at } };
const session = { id: 's-1', secretHash: 'x', startedAt: at, expiresAt: '2026-03-01T22:00:00.000Z' };
const started: OperatorEvent = { type: 'operator/session-started', data: { id, session, at } };

describe('operator directory', () => {
  it('adds an operator under the lower-cased email, once', () => {
    given().when({ type: 'add', id, email: ' Ada@Example.com ', passwordHash: 'h1', marketplaces: null, now }).then([added]);
    given([added]).when({ type: 'add', id: 'op-2', email: 'ADA@example.com', passwordHash: 'h2', marketplaces: null, now }).thenThrows('operator-exists');
  });

  it('a password reset ends every session', () => {
    given([added, started])
      .when({ type: 'reset-password', email: 'ada@example.com', passwordHash: 'h2', now })
      .then([
        { type: 'operator/password-reset', data: { id, passwordHash: 'h2', at } },
        { type: 'operator/sessions-revoked', data: { id, at } },
      ]);
  });

  it('a session is live until it expires, ends or is revoked', () => {
    const { state } = given([added, started]);
    expect(liveSession(state, id, 's-1', now)).not.toBeNull();
    expect(liveSession(state, id, 's-1', new Date('2026-03-01T22:00:00.000Z'))).toBeNull();
    expect(liveSession(given([added, started, { type: 'operator/sessions-revoked', data: { id, at } }]).state, id, 's-1', now)).toBeNull();
    given([added, started]).when({ type: 'end-session', operatorId: id, sessionId: 's-1', now }).then([{ type: 'operator/session-ended', data: { id, sessionId: 's-1', at } }]);
    given([added]).when({ type: 'end-session', operatorId: id, sessionId: 's-1', now }).thenNothing();
  });

  it('a removed operator has no sessions and cannot be found', () => {
    const removed: OperatorEvent = { type: 'operator/removed', data: { id, at } };
    expect(liveSession(given([added, started, removed]).state, id, 's-1', now)).toBeNull();
    given([added, removed]).when({ type: 'remove', email: 'ada@example.com', now }).thenThrows('not-found');
  });
});
