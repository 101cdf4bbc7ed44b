import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useState } from 'react';
import { integration } from '../api/integration';

/**
 * One Integration API command on the record shown (approve, ban, close…): the answer refreshes the page, a
 * refusal shows the API's message and code.
 */
export const CommandButton = ({ label, path, body, icon }: { label: string; path: string; body?: (record: { id: string }) => Record<string, unknown>; icon?: React.ReactElement }) => {
  const record = useRecordContext<{ id: string }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = async () => {
    setBusy(true);
    try {
      await integration(path, undefined, body ? body(record) : { id: record.id });
      notify(`${label}: done`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label={label} onClick={run} disabled={busy}>{icon}</Button>;
};
