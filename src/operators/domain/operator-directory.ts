import { conflict, notFound } from '../../shared/api-error';
import type { Decider, DomainEvent } from '../../shared/decider';

/**
 * The installation's operators: who may sign in to the console, with which password (an argon2id hash, never the
 * password), into which marketplaces, and their live console sessions. One stream for the whole installation: a
 * handful of operators, so uniqueness of an email is a rule inside one stream and needs no guard streams. Internal
 * events only: they never reach events/query or webhooks.
 */
export interface OperatorSession {
  id: string;
  /** sha256 of the cookie's secret half: a copy of the log cannot be replayed into a live session. */
  secretHash: string;
  startedAt: string;
  expiresAt: string;
}

export interface Operator {
  id: string;
  email: string;
  passwordHash: string;
  /** The marketplaces this operator may act in; null: every marketplace of the installation. */
  marketplaces: string[] | null;
  createdAt: string;
  sessions: OperatorSession[];
}

export interface OperatorDirectoryState {
  operators: Operator[];
}

export type OperatorEvent =
  | DomainEvent<'operator/added', { id: string; email: string; passwordHash: string; marketplaces: string[] | null; at: string }>
  | DomainEvent<'operator/removed', { id: string; at: string }>
  | DomainEvent<'operator/password-reset', { id: string; passwordHash: string; at: string }>
  | DomainEvent<'operator/session-started', { id: string; session: OperatorSession; at: string }>
  | DomainEvent<'operator/session-ended', { id: string; sessionId: string; at: string }>
  /** Every session of the operator ends (a password reset, a removal, or `operators revoke-sessions`). */
  | DomainEvent<'operator/sessions-revoked', { id: string; at: string }>;

export type OperatorCommand =
  | { type: 'add'; id: string; email: string; passwordHash: string; marketplaces: string[] | null; now: Date }
  | { type: 'remove'; email: string; now: Date }
  | { type: 'reset-password'; email: string; passwordHash: string; now: Date }
  | { type: 'start-session'; operatorId: string; session: OperatorSession; now: Date }
  | { type: 'end-session'; operatorId: string; sessionId: string; now: Date }
  | { type: 'revoke-sessions'; email: string; now: Date };

/** Emails compare without case and surrounding spaces, as people type them. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

export const operatorByEmail = (s: OperatorDirectoryState, email: string): Operator | undefined =>
  s.operators.find((o) => o.email === normalEmail(email));

const existing = (s: OperatorDirectoryState, email: string): Operator => {
  const operator = operatorByEmail(s, email);
  if (!operator) throw notFound(`No operator ${normalEmail(email)}.`);
  return operator;
};

const withOperator = (s: OperatorDirectoryState, id: string, change: (o: Operator) => Operator): OperatorDirectoryState => ({
  operators: s.operators.map((o) => (o.id === id ? change(o) : o)),
});

/** Sessions past their expiry are dropped whenever a new one starts, so the state stays as small as what is live. */
const liveAt = (sessions: OperatorSession[], at: string) => sessions.filter((x) => x.expiresAt > at);

const evolve = (s: OperatorDirectoryState, e: OperatorEvent): OperatorDirectoryState => {
  switch (e.type) {
    case 'operator/added': {
      const { id, email, passwordHash, marketplaces, at } = e.data;
      return { operators: [...s.operators, { id, email, passwordHash, marketplaces, createdAt: at, sessions: [] }] };
    }
    case 'operator/removed':
      return { operators: s.operators.filter((o) => o.id !== e.data.id) };
    case 'operator/password-reset':
      return withOperator(s, e.data.id, (o) => ({ ...o, passwordHash: e.data.passwordHash }));
    case 'operator/session-started':
      return withOperator(s, e.data.id, (o) => ({ ...o, sessions: [...liveAt(o.sessions, e.data.at), e.data.session] }));
    case 'operator/session-ended':
      return withOperator(s, e.data.id, (o) => ({ ...o, sessions: o.sessions.filter((x) => x.id !== e.data.sessionId) }));
    case 'operator/sessions-revoked':
      return withOperator(s, e.data.id, (o) => ({ ...o, sessions: [] }));
  }
};

const decide = (c: OperatorCommand, s: OperatorDirectoryState): OperatorEvent[] => {
  const at = c.now.toISOString();
  switch (c.type) {
    case 'add': {
      const email = normalEmail(c.email);
      if (operatorByEmail(s, email)) throw conflict('operator-exists', `An operator ${email} already exists.`);
      return [{ type: 'operator/added', data: { id: c.id, email, passwordHash: c.passwordHash, marketplaces: c.marketplaces, at } }];
    }
    case 'remove':
      return [{ type: 'operator/removed', data: { id: existing(s, c.email).id, at } }];
    case 'reset-password': {
      const { id } = existing(s, c.email);
      // A new password ends every session the old one opened: whoever knew it is signed out.
      return [
        { type: 'operator/password-reset', data: { id, passwordHash: c.passwordHash, at } },
        { type: 'operator/sessions-revoked', data: { id, at } },
      ];
    }
    case 'start-session':
      if (!s.operators.some((o) => o.id === c.operatorId)) throw notFound('No such operator.');
      return [{ type: 'operator/session-started', data: { id: c.operatorId, session: c.session, at } }];
    case 'end-session': {
      const operator = s.operators.find((o) => o.id === c.operatorId);
      if (!operator?.sessions.some((x) => x.id === c.sessionId)) return [];
      return [{ type: 'operator/session-ended', data: { id: c.operatorId, sessionId: c.sessionId, at } }];
    }
    case 'revoke-sessions': {
      const operator = existing(s, c.email);
      return operator.sessions.length === 0 ? [] : [{ type: 'operator/sessions-revoked', data: { id: operator.id, at } }];
    }
  }
};

export const operatorDirectoryDecider: Decider<OperatorCommand, OperatorDirectoryState, OperatorEvent> = {
  initialState: () => ({ operators: [] }),
  evolve,
  decide,
};

/** The live session `sessionId` of operator `operatorId` at `now`, if any. */
export const liveSession = (s: OperatorDirectoryState, operatorId: string, sessionId: string, now: Date): { operator: Operator; session: OperatorSession } | null => {
  const operator = s.operators.find((o) => o.id === operatorId);
  const session = operator?.sessions.find((x) => x.id === sessionId && x.expiresAt > now.toISOString());
  return operator && session ? { operator, session } : null;
};

export const mayUseMarketplace = (operator: Operator, marketplaceId: string): boolean =>
  operator.marketplaces === null || operator.marketplaces.includes(marketplaceId);
