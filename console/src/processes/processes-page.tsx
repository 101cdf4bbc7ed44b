import { Alert, Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { ApiResource, integration } from '../api/integration';
import { lineDiff } from '../layout/line-diff';
import { ProcessGraph, ProcessTransition } from './process-graph';

interface ProcessSummary {
  name: string;
  versions: { version: number; createdAt: string }[];
  aliases: Record<string, number>;
}
interface ProcessVersion {
  name: string;
  version: number;
  edn: string;
  transitions: ProcessTransition[];
}

const showVersion = async (name: string, version: number) =>
  (await integration<ApiResource>('x-processes/show', { name, version })).data.attributes as unknown as ProcessVersion;

/** The marketplace's processes: versions and aliases, a version's graph and EDN, and the diff between two versions. */
export const ProcessesPage = () => {
  const [processes, setProcesses] = useState<ProcessSummary[]>([]);
  const [name, setName] = useState('');
  const [version, setVersion] = useState(0);
  const [compareTo, setCompareTo] = useState(0);
  const [shown, setShown] = useState<ProcessVersion | null>(null);
  const [other, setOther] = useState<ProcessVersion | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    integration<ApiResource[]>('x-processes/query')
      .then((answer) => setProcesses(answer.data.map((r) => r.attributes as unknown as ProcessSummary)))
      .catch((error: Error) => setProblem(error.message));
  }, []);
  const process = processes.find((p) => p.name === name);
  useEffect(() => {
    if (!name || !version) return;
    showVersion(name, version).then(setShown, (error: Error) => setProblem(error.message));
  }, [name, version]);
  useEffect(() => {
    if (!name || !compareTo) return setOther(null);
    showVersion(name, compareTo).then(setOther, (error: Error) => setProblem(error.message));
  }, [name, compareTo]);
  const aliasesOf = (v: number) => Object.entries(process?.aliases ?? {}).filter(([, n]) => n === v).map(([a]) => a);
  return (
    // minWidth 0: a wide graph or EDN line scrolls inside the card instead of widening the page.
    <Card sx={{ mt: 1, minWidth: 0, maxWidth: '100%' }}>
      <Title title="Processes" />
      <CardContent>
        {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField select fullWidth={false} size="small" label="Process" sx={{ minWidth: 220 }} value={name} onChange={(e) => { setName(e.target.value); setVersion(processes.find((p) => p.name === e.target.value)?.versions.at(-1)?.version ?? 0); setCompareTo(0); }}>
            {processes.map((p) => <MenuItem key={p.name} value={p.name}>{p.name}</MenuItem>)}
          </TextField>
          {process && (
            <TextField select fullWidth={false} size="small" label="Version" sx={{ minWidth: 220 }} value={version || ''} onChange={(e) => setVersion(Number(e.target.value))}>
              {process.versions.map((v) => <MenuItem key={v.version} value={v.version}>{`${v.version} ${aliasesOf(v.version).join(', ')}`}</MenuItem>)}
            </TextField>
          )}
          {process && process.versions.length > 1 && (
            <TextField select fullWidth={false} size="small" label="Compare with version" sx={{ minWidth: 220 }} value={compareTo || ''} onChange={(e) => setCompareTo(Number(e.target.value))}>
              {process.versions.filter((v) => v.version !== version).map((v) => <MenuItem key={v.version} value={v.version}>{String(v.version)}</MenuItem>)}
            </TextField>
          )}
        </Stack>
        {shown && (
          <>
            <Typography variant="h6" component="h2">{shown.name} version {shown.version}</Typography>
            <ProcessGraph transitions={shown.transitions} />
            {other ? (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>Changes from version {other.version} to {shown.version}</Typography>
                <Box component="pre" aria-label="Process diff" sx={{ fontSize: 12, overflowX: 'auto', bgcolor: 'action.hover', p: 1 }}>
                  {lineDiff(other.edn, shown.edn).filter((l) => l.kind !== 'same').map((l, i) => (
                    <Box key={i} component="span" sx={{ display: 'block', color: l.kind === 'added' ? 'success.main' : 'error.main' }}>{`${l.kind === 'added' ? '+' : '-'} ${l.text}`}</Box>
                  ))}
                </Box>
              </>
            ) : (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>process.edn</Typography>
                <Box component="pre" aria-label="process.edn" sx={{ fontSize: 12, overflowX: 'auto', bgcolor: 'action.hover', p: 1 }}>{shown.edn}</Box>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
};
