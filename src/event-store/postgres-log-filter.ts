import { SqlParams } from '../infrastructure/postgres-database';
import type { LogFilter } from './event-store.port';

/**
 * The conditions of a read of the global log: the same filters as SqliteEventStore's, exact in SQL, so no event
 * is decoded to be checked again.
 */
export const logWhere = (p: SqlParams, after: number, until: number | undefined, f: LogFilter | undefined): string => {
  const clauses = [`position > ${p.add(after)}`];
  if (until !== undefined) clauses.push(`position <= ${p.add(until)}`);
  if (f?.marketplaceId) clauses.push(`marketplace_id = ${p.add(f.marketplaceId)}`);
  if (f?.publicOnly) clauses.push('public');
  if (f?.resourceId) clauses.push(`resource_id = ${p.add(f.resourceId)}`);
  if (f?.relatedResourceId) {
    // The resource's own events and those related to it, as one list of positions from two indexes.
    const related = p.add(f.relatedResourceId);
    const own = f.marketplaceId
      ? `SELECT position FROM events WHERE marketplace_id = ${p.add(f.marketplaceId)} AND resource_id = ${related}`
      : `SELECT position FROM events WHERE resource_id = ${related}`;
    clauses.push(`position IN (${own} UNION SELECT position FROM event_related WHERE related_id = ${related})`);
  }
  if (f?.createdAtStart) clauses.push(`created_at >= ${p.add(f.createdAtStart)}`);
  if (f?.eventTypes && f.eventTypes.length > 0) {
    const exact = f.eventTypes.filter((t) => t.includes('/'));
    const bare = f.eventTypes.filter((t) => !t.includes('/'));
    // A bare resource type is a prefix: `user/` <= type < `user0` ('0' follows '/') is exactly "starts with user/"
    // in the column's "C" collation, case-sensitive like matchesEventType, and an index range (LIKE would be neither).
    const alternatives = [
      ...(exact.length ? [`type = ANY(${p.add(exact)}::text[])`] : []),
      ...bare.map((b) => `(type >= ${p.add(`${b}/`)} AND type < ${p.add(`${b}0`)})`),
    ];
    clauses.push(`(${alternatives.join(' OR ')})`);
  }
  return clauses.join(' AND ');
};
