import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiResource, integration } from '../api/integration';
import { JsonView } from '../layout/json-field';

/**
 * An operator transition: one of those the process allows the operator from the current state
 * (x-transactions/operator_transitions), with its params as JSON, previewed first (transition_speculative: nothing
 * is appended) and then run. A refusal (params, payments, a rival transition first) shows the API's code.
 */
export const OperatorTransition = () => {
  const tx = useRecordContext<{ id: string; state?: string; lastTransition?: string }>();
  const [allowed, setAllowed] = useState<string[] | null>(null);
  useEffect(() => {
    if (!tx) return;
    integration<ApiResource[]>('x-transactions/operator_transitions', { id: tx.id })
      .then((answer) => setAllowed(answer.data.map((t) => t.id)))
      .catch(() => setAllowed([]));
  }, [tx?.id, tx?.lastTransition]);
  const notify = useNotify();
  const refresh = useRefresh();
  const [transition, setTransition] = useState('');
  const [params, setParams] = useState('{}');
  const [preview, setPreview] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!tx) return null;
  if (allowed && allowed.length === 0) return <Typography variant="body2">No operator transition from {tx.state ?? 'this state'}.</Typography>;
  const body = () => ({ id: tx.id, transition, params: JSON.parse(params || '{}') });
  const attempt = async (speculative: boolean) => {
    setProblem(null);
    try {
      const answer = await integration<ApiResource>(speculative ? 'transactions/transition_speculative' : 'transactions/transition', { expand: true }, body());
      if (speculative) setPreview(answer.data.attributes);
      else {
        setPreview(null);
        notify(`Transition ${transition} done`, { type: 'success' });
        refresh();
      }
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Box component="section" aria-label="Operator transition">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select fullWidth={false} label="Transition" size="small" sx={{ minWidth: 260 }} value={transition} onChange={(e) => { setTransition(e.target.value); setPreview(null); }}>
          {(allowed ?? []).map((name) => (
            <MenuItem key={name} value={name}>{name}</MenuItem>
          ))}
        </TextField>
        <TextField label="Params (JSON)" size="small" value={params} onChange={(e) => setParams(e.target.value)} />
        <Button variant="outlined" onClick={() => attempt(true)} disabled={!transition}>Preview</Button>
        <Button variant="contained" onClick={() => attempt(false)} disabled={!transition || !preview}>Run</Button>
      </Stack>
      {problem && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{problem}</Alert>}
      {preview && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2">Preview: the transaction after it (nothing changed yet)</Typography>
          <JsonView value={{ lastTransition: preview.lastTransition, payinTotal: preview.payinTotal, payoutTotal: preview.payoutTotal, lineItems: preview.lineItems }} label="Preview" />
        </Box>
      )}
    </Box>
  );
};
