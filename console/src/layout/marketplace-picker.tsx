import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { chooseMarketplace, chosenMarketplace, ConsoleSession, currentSession } from '../api/session';

/** Which marketplace the console acts in (only those the operator may use); a change reloads every view. */
export const MarketplacePicker = () => {
  const [session, setSession] = useState<ConsoleSession | null>(null);
  useEffect(() => void currentSession().then(setSession), []);
  if (!session || session.marketplaces.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="Marketplace"
      value={chosenMarketplace() ?? ''}
      onChange={(e) => {
        chooseMarketplace(e.target.value);
        window.location.assign('/console/');
      }}
      sx={{ minWidth: 160, maxWidth: 260, '& .MuiInputBase-root': { color: 'inherit' }, '& label': { color: 'inherit' } }}
    >
      {session.marketplaces.map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {m.name ?? m.id}
        </MenuItem>
      ))}
    </TextField>
  );
};
