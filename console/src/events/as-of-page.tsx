import { Alert, Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, Title, useLocation, useNavigate, useParams } from 'react-admin';
import { ApiResource, integration } from '../api/integration';
import { JsonView } from '../layout/json-field';
import type { EventRecord } from './event-fields';

interface AsOf {
  resource: ApiResource;
  meta: { asOfSequenceId: number; lastEventSequenceId: number; lastEventType: string; lastEventCreatedAt: string; eventCount: number };
}

/** Every top-level attribute an event changed: its value before (previousValues) and after (the resource then). */
const changesOf = (e: EventRecord) => {
  const before = (e.previousValues as { attributes?: Record<string, unknown> } | null)?.attributes ?? {};
  const after = (e.resource as { attributes?: Record<string, unknown> } | null)?.attributes ?? {};
  return Object.keys(before).map((key) => ({ key, before: before[key], after: after[key] }));
};

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A user, listing or transaction as it was at a sequenceId (x-events/resource_as_of: read from the log, nothing
 * rebuilt), and the events after it up to a second sequenceId (or now), each as the attributes it changed.
 */
export const AsOfPage = () => {
  const { resourceId } = useParams<{ resourceId: string }>();
  const search = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const sequenceId = search.get('sequenceId') ?? '';
  const until = search.get('until') ?? '';
  const [asOf, setAsOf] = useState<AsOf | null>(null);
  const [after, setAfter] = useState<EventRecord[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!resourceId || !/^\d+$/.test(sequenceId)) return;
    setProblem(null);
    void (async () => {
      try {
        const answer = await integration<ApiResource>('x-events/resource_as_of', { resourceId, sequenceId });
        setAsOf({ resource: answer.data, meta: answer.meta as AsOf['meta'] });
        const later = await integration<ApiResource[]>('events/query', { resourceId, startAfterSequenceId: sequenceId });
        const events = later.data.map((r) => ({ ...(r.attributes as unknown as EventRecord), id: r.id }));
        setAfter(until ? events.filter((e) => e.sequenceId <= Number(until)) : events);
      } catch (error) {
        setAsOf(null);
        setProblem((error as Error).message);
      }
    })();
  }, [resourceId, sequenceId, until]);
  const go = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    navigate(`/as-of/${resourceId}?${next.toString()}`);
  };
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={`As of sequenceId ${sequenceId}`} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField label="As of sequenceId" size="small" defaultValue={sequenceId} onBlur={(e) => go('sequenceId', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField label="Compare up to sequenceId (empty: now)" size="small" defaultValue={until} onBlur={(e) => go('until', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Stack>
        {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        {asOf && (
          <>
            <Typography variant="h6" component="h2">
              {asOf.resource.type} {asOf.resource.id} as of sequenceId {asOf.meta.asOfSequenceId} (read-only)
            </Typography>
            <Typography variant="body2" gutterBottom data-testid="as-of-last-event">
              After event {asOf.meta.lastEventSequenceId} ({asOf.meta.lastEventType}, {asOf.meta.lastEventCreatedAt}); {asOf.meta.eventCount} event(s) of its own by then.
            </Typography>
            <JsonView value={asOf.resource.attributes} label="Resource as of the sequenceId" />
            <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
              What changed after it{until ? ` up to ${until}` : ''}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Changes after the sequenceId">
                <TableHead>
                  <TableRow><TableCell>Seq</TableCell><TableCell>Event</TableCell><TableCell>Attribute</TableCell><TableCell>Before</TableCell><TableCell>After</TableCell></TableRow>
                </TableHead>
                <TableBody>
                  {after.flatMap((e) =>
                    changesOf(e).map((c) => (
                      <TableRow key={`${e.sequenceId}-${c.key}`}>
                        <TableCell><Link to={`/as-of/${resourceId}?sequenceId=${e.sequenceId}`}>{e.sequenceId}</Link></TableCell>
                        <TableCell>{e.eventType}</TableCell>
                        <TableCell>{c.key}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{show(c.before)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{show(c.after)}</TableCell>
                      </TableRow>
                    )),
                  )}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
