import { BooleanField, ChipField, Datagrid, DateField, EmailField, ReferenceManyField, Show, Tab, TabbedShowLayout, TextField, useRecordContext } from 'react-admin';
import { HistoryTab } from '../events/resource-history';
import { JsonField } from '../layout/json-field';
import { UserActions } from './user-actions';
import { UserPermissions } from './user-permissions';

const UserTitle = () => {
  const user = useRecordContext<{ email?: string }>();
  return <span>User {user?.email ?? ''}</span>;
};

const Transactions = ({ target, label }: { target: string; label: string }) => (
  <ReferenceManyField reference="transactions" target={target} label={label} perPage={10}>
    <Datagrid rowClick="show" bulkActionButtons={false} empty={<p>None.</p>}>
      <TextField source="processName" />
      <TextField source="lastTransition" />
      <DateField source="lastTransitionedAt" showTime />
    </Datagrid>
  </ReferenceManyField>
);

export const UserShow = () => (
  <Show actions={<UserActions />} title={<UserTitle />}>
    <TabbedShowLayout>
      <Tab label="Summary">
        <EmailField source="email" />
        <BooleanField source="emailVerified" />
        <TextField source="pendingEmail" emptyText="-" />
        <ChipField source="state" />
        <TextField source="profile.displayName" label="Display name" />
        <TextField source="profile.firstName" label="First name" />
        <TextField source="profile.lastName" label="Last name" />
        <DateField source="createdAt" showTime />
        <BooleanField source="stripeConnected" label="Payout account connected" />
        <JsonField source="identityProviders" label="Identity providers" />
      </Tab>
      <Tab label="Permissions" path="permissions">
        <UserPermissions />
      </Tab>
      <Tab label="Extended data" path="data">
        <JsonField source="profile.publicData" label="Public data" />
        <JsonField source="profile.protectedData" label="Protected data" />
        <JsonField source="profile.privateData" label="Private data" />
        <JsonField source="profile.metadata" label="Metadata" />
      </Tab>
      <Tab label="Listings" path="listings">
        <ReferenceManyField reference="listings" target="authorId" label="Listings" perPage={10}>
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<p>None.</p>}>
            <TextField source="title" />
            <ChipField source="state" />
            <DateField source="createdAt" />
          </Datagrid>
        </ReferenceManyField>
      </Tab>
      <Tab label="Transactions" path="transactions">
        <Transactions target="customerId" label="As customer" />
        <Transactions target="providerId" label="As provider" />
      </Tab>
      <HistoryTab label="History" path="history" />
    </TabbedShowLayout>
  </Show>
);
