import { Alert, Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { integration } from '../api/integration';
import { JsonView } from '../layout/json-field';

interface Readiness {
  ready: boolean;
  reasons: string[];
  projections: { engine: string; state: string; caughtUp: boolean; position: number; head: number | null; lag: number | null; lastError: unknown };
  reactors: { name: string; lag: number; attempts: number; stopped: boolean; lastError: string | null; heldHere: boolean }[];
  webhooks?: unknown;
}

/**
 * What /health/ready reports (it needs no token): the read models' engine and every reactor, with lag, state and
 * last error, read again every 5 s. A stopped reactor is resumed from here (or the CLI's `reactors resume <name>`).
 */
export const OperationsPage = () => {
  const [report, setReport] = useState<Readiness | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const notify = useNotify();
  const read = useCallback(
    () =>
      fetch('/health/ready', { headers: { accept: 'application/json' } })
        .then(async (res) => setReport((await res.json()) as Readiness))
        .catch((error: Error) => setProblem(error.message)),
    [],
  );
  /** Retries a stopped reactor from the event it stopped at (x-reactors/resume; operators of every marketplace). */
  const resume = async (name: string) => {
    try {
      await integration('x-reactors/resume', undefined, { name });
      notify(`Reactor ${name} resumed`, { type: 'success' });
      void read();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  useEffect(() => {
    void read();
    const timer = setInterval(read, 5000);
    return () => clearInterval(timer);
  }, [read]);
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="Operations" />
      <CardContent>
        {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        {report && (
          <>
            <Typography variant="h6" component="h2">
              Readiness <Chip size="small" color={report.ready ? 'success' : 'error'} label={report.ready ? 'ready' : 'not ready'} />
            </Typography>
            {report.reasons.map((reason) => <Alert key={reason} severity="warning">{reason}</Alert>)}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>Projections</Typography>
            <JsonView value={report.projections} label="Projections" />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>Reactors</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Reactors">
                <TableHead>
                  <TableRow><TableCell>Reactor</TableCell><TableCell>State</TableCell><TableCell>Lag</TableCell><TableCell>Attempts</TableCell><TableCell>Last error</TableCell></TableRow>
                </TableHead>
                <TableBody>
                  {report.reactors.map((r) => (
                    <TableRow key={r.name}>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>
                        {r.stopped ? (
                          <>
                            stopped <Button size="small" variant="outlined" onClick={() => void resume(r.name)} aria-label={`Resume ${r.name}`}>Resume</Button>
                          </>
                        ) : r.heldHere ? 'running here' : 'running elsewhere'}
                      </TableCell>
                      <TableCell>{r.lag}</TableCell>
                      <TableCell>{r.attempts}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{r.lastError ?? '-'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {report.webhooks !== undefined && (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>Webhooks needing attention</Typography>
                <JsonView value={report.webhooks} label="Webhooks" />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
};
