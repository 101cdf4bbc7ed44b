import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { ApiResource, integration } from '../api/integration';

const DAYS = 90;

/** The listing's availability exceptions over the next 90 days (availability_exceptions/query). */
export const AvailabilityExceptions = () => {
  const listing = useRecordContext<{ id: string }>();
  const [rows, setRows] = useState<ApiResource[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!listing) return;
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + DAYS * 86_400_000);
    integration<ApiResource[]>('availability_exceptions/query', { listingId: listing.id, start: start.toISOString(), end: end.toISOString(), perPage: 100 })
      .then((answer) => setRows(answer.data))
      .catch((error: Error) => setProblem(error.message));
  }, [listing?.id]);
  if (problem) return <Alert severity="error" role="alert">{problem}</Alert>;
  if (!rows) return null;
  if (rows.length === 0) return <Typography variant="body2">No exceptions in the next {DAYS} days.</Typography>;
  return (
    <Table size="small" aria-label="Availability exceptions">
      <TableHead>
        <TableRow><TableCell>Start</TableCell><TableCell>End</TableCell><TableCell>Seats</TableCell></TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{new Date(String(r.attributes.start)).toLocaleString()}</TableCell>
            <TableCell>{new Date(String(r.attributes.end)).toLocaleString()}</TableCell>
            <TableCell>{String(r.attributes.seats)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The listing's current stock, from `include=currentStock` (null when it has none). */
export const CurrentStock = (_: { label?: string }) => {
  const listing = useRecordContext<{ included?: { type: string; quantity?: number }[] }>();
  const stock = (listing?.included ?? []).find((r) => r.type === 'stock');
  return <span>{stock?.quantity ?? 'not set'}</span>;
};
