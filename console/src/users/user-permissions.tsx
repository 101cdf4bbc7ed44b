import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { integration } from '../api/integration';

const KEYS = [
  ['postListings', 'Post listings'],
  ['initiateTransactions', 'Initiate transactions'],
  ['read', 'Read the marketplace'],
] as const;
type Permissions = Record<(typeof KEYS)[number][0], string>;

/** A user's permissions (users/update_permissions): each allowed or denied; only the changed ones are sent. */
export const UserPermissions = () => {
  const user = useRecordContext<{ id: string; permissions: Permissions }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [changes, setChanges] = useState<Partial<Permissions>>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (!user) return null;
  const save = async () => {
    setProblem(null);
    try {
      await integration('users/update_permissions', undefined, { id: user.id, ...changes });
      setChanges({});
      notify('Permissions saved', { type: 'success' });
      refresh();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Stack component="section" aria-label="Permissions" spacing={1} sx={{ maxWidth: 360 }}>
      {KEYS.map(([key, label]) => (
        <TextField key={key} select size="small" label={label} value={changes[key] ?? user.permissions?.[key] ?? ''} onChange={(e) => setChanges({ ...changes, [key]: e.target.value })}>
          <MenuItem value="permission/allow">allowed</MenuItem>
          <MenuItem value="permission/deny">denied</MenuItem>
        </TextField>
      ))}
      {problem && <Alert severity="error" role="alert">{problem}</Alert>}
      <Button variant="outlined" onClick={save} disabled={Object.keys(changes).length === 0}>
        Save permissions
      </Button>
    </Stack>
  );
};
