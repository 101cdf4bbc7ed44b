import { EditButton, TopToolbar, useRecordContext } from 'react-admin';
import { CommandButton } from '../layout/command-button';

interface UserRecord {
  id: string;
  state: string;
  email: string;
  emailVerified: boolean;
  pendingEmail?: string | null;
  banned: boolean;
  deleted: boolean;
}

/** Only the actions the user's state allows are offered; the API still decides (and its refusal is shown). */
export const UserActions = () => {
  const user = useRecordContext<UserRecord>();
  if (!user || user.deleted) return <TopToolbar />;
  return (
    <TopToolbar>
      {user.state === 'pendingApproval' && <CommandButton label="Approve" path="users/approve" />}
      {user.banned ? <CommandButton label="Unban" path="x-users/unban" /> : <CommandButton label="Ban" path="x-users/ban" />}
      {(!user.emailVerified || user.pendingEmail) && (
        <CommandButton label="Verify email" path="users/verify_email" body={() => ({ id: user.id, email: user.pendingEmail ?? user.email })} />
      )}
      <EditButton label="Edit data" />
    </TopToolbar>
  );
};
