import type { AuditData, EventSource, RecordedEvent } from './log-events';

/** Who asks for a change, through which API, and when: becomes each event's auditData, source and createdAt. */
export interface CommandContext {
  marketplaceId: string;
  clientId: string | null;
  userId: string | null;
  adminId: string | null;
  requestId: string | null;
  source: EventSource;
  now: Date;
}

export const auditDataOf = (ctx: CommandContext): AuditData => ({
  userId: ctx.userId,
  adminId: ctx.adminId,
  clientId: ctx.clientId,
  requestId: ctx.requestId,
});

/** Context for changes made by the operator CLI (the console of this service). */
export const operatorContext = (marketplaceId: string, now: Date): CommandContext => ({
  marketplaceId,
  clientId: null,
  userId: null,
  adminId: null,
  requestId: null,
  source: 'source/console',
  now,
});

/** Context for what an API client does through the Authentication API (logins, logouts, identity-provider links). */
export const authApiContext = (c: Pick<CommandContext, 'marketplaceId' | 'clientId' | 'userId' | 'requestId' | 'now'>): CommandContext => ({
  ...c,
  adminId: null,
  source: 'source/marketplace-api',
});

/** Context for what a reactor does because of an event: on behalf of whoever caused the event, at `now`. */
export const contextOfEvent = (event: RecordedEvent, now: Date): CommandContext => {
  const audit = event.metadata.auditData;
  return {
    marketplaceId: event.metadata.marketplaceId,
    clientId: audit?.clientId ?? null,
    userId: audit?.userId ?? null,
    adminId: audit?.adminId ?? null,
    requestId: audit?.requestId ?? null,
    source: event.metadata.source ?? 'source/console',
    now,
  };
};
