import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiResource, integration } from '../api/integration';
import { JsonView } from '../layout/json-field';

/**
 * An operator transition: named, with its params as JSON, previewed first (transactions/transition_speculative:
 * nothing is appended) and then run. The process decides whether the operator may take it from this state; a
 * refusal shows the API's code.
 */
export const OperatorTransition = () => {
  const tx = useRecordContext<{ id: string }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [transition, setTransition] = useState('');
  const [params, setParams] = useState('{}');
  const [preview, setPreview] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!tx) return null;
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
        <TextField label="Transition" size="small" placeholder="transition/operator-cancel" value={transition} onChange={(e) => setTransition(e.target.value)} />
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
