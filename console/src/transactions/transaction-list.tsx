import { Datagrid, DateField, List, TextField, TextInput } from 'react-admin';
import { UserReference } from '../layout/fields';
import { ResponsiveRows } from '../layout/responsive-list';

const filters = [
  <TextInput key="lastTransitions" source="lastTransitions" label="Last transition" alwaysOn resettable />,
  <TextInput key="processNames" source="processNames" label="Process" resettable />,
  <TextInput key="userId" source="userId" label="Party (user id)" />,
  <TextInput key="listingId" source="listingId" label="Listing id" />,
];

export const TransactionList = () => (
  <List filters={filters} perPage={25} title="Transactions">
    <ResponsiveRows
      primary={(t) => t.processName}
      secondary={(t) => t.lastTransition}
      tertiary={(t) => new Date(t.lastTransitionedAt).toLocaleDateString()}
      table={
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="processName" label="Process" sortable={false} />
          <TextField source="lastTransition" sortable={false} />
          <DateField source="lastTransitionedAt" showTime sortable={false} />
          <UserReference rel="customer" label="Customer" />
          <UserReference rel="provider" label="Provider" />
          <DateField source="createdAt" showTime sortable={false} />
        </Datagrid>
      }
    />
  </List>
);
