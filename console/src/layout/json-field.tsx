import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** Extended data and other nested values as formatted JSON, labelled for screen readers. */
export const JsonView = ({ value, label }: { value: unknown; label: string }) => (
  <Box component="pre" aria-label={label} sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13, maxWidth: '100%' }}>
    {JSON.stringify(value ?? null, null, 2)}
  </Box>
);

/** A nested value of the record as JSON; the show layout around it gives it its visible label (from `label`). */
export const JsonField = ({ source, label }: { source: string; label?: string }) => {
  const record = useRecordContext();
  const value = source.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], record);
  return <JsonView value={value} label={label ?? source} />;
};
