import { Box, Stack, Typography } from '@mui/material';
import { Link, useRecordContext } from 'react-admin';
import { JsonView } from '../layout/json-field';

export interface EventRecord {
  id: string;
  sequenceId: number;
  createdAt: string;
  eventType: string;
  resourceType: string;
  resourceId: string;
  source: string | null;
  resource: unknown;
  previousValues: unknown;
  auditData: { userId: string | null; adminId: string | null; clientId: string | null; requestId: string | null };
}

const PAGES: Record<string, string> = { user: 'users', listing: 'listings', transaction: 'transactions' };

/** The resource an event is about: a link to its page, and to its page as of this event. `label` names the column. */
export const EventResourceField = (_: { label?: string }) => {
  const e = useRecordContext<EventRecord>();
  if (!e) return null;
  const page = PAGES[e.resourceType];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(event) => event.stopPropagation()}>
      {page ? (
        <Link to={`/${page}/${e.resourceId}/show`}>{`${e.resourceType} ${e.resourceId.slice(0, 8)}`}</Link>
      ) : (
        <span>{`${e.resourceType} ${e.resourceId}`}</span>
      )}
      <Link to={`/as-of/${e.resourceId}?sequenceId=${e.sequenceId}`} aria-label={`${e.resourceType} as of sequenceId ${e.sequenceId}`}>
        as of
      </Link>
    </Stack>
  );
};

/** Who did it: the operator (admin), the user, or the API client, as the audit data says. */
export const EventActorField = (_: { label?: string }) => {
  const e = useRecordContext<EventRecord>();
  if (!e) return null;
  const a = e.auditData ?? {};
  const who = a.adminId ? `operator ${a.adminId.slice(0, 8)}` : a.userId ? `user ${a.userId.slice(0, 8)}` : a.clientId ? `client ${a.clientId.slice(0, 8)}` : 'system';
  return <span title={JSON.stringify(a)}>{who}</span>;
};

/** An event's data: the resource after it and the values it replaced. */
export const EventDetails = () => {
  const e = useRecordContext<EventRecord>();
  if (!e) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <div>
        <Typography variant="subtitle2">Previous values</Typography>
        <JsonView value={e.previousValues} label="Previous values" />
      </div>
      <div>
        <Typography variant="subtitle2">Resource after the event</Typography>
        <JsonView value={e.resource} label="Resource after the event" />
      </div>
      <div>
        <Typography variant="subtitle2">Audit data</Typography>
        <JsonView value={{ source: e.source, ...e.auditData }} label="Audit data" />
      </div>
    </Box>
  );
};
