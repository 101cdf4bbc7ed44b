import { Datagrid, DateField, List, ReferenceField, TextField, TextInput } from 'react-admin';

const filters = [
  <TextInput key="lastTransitions" source="lastTransitions" label="Last transition" alwaysOn resettable />,
  <TextInput key="processNames" source="processNames" label="Process" resettable />,
  <TextInput key="userId" source="userId" label="Party (user id)" />,
  <TextInput key="listingId" source="listingId" label="Listing id" />,
];

const Party = ({ rel, label }: { rel: string; label: string }) => (
  <ReferenceField source={`relationships.${rel}.data.id`} reference="users" label={label} link="show" emptyText="-">
    <TextField source="email" />
  </ReferenceField>
);

export const TransactionList = () => (
  <List filters={filters} perPage={25} title="Transactions">
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="processName" label="Process" sortable={false} />
      <TextField source="lastTransition" sortable={false} />
      <DateField source="lastTransitionedAt" showTime sortable={false} />
      <Party rel="customer" label="Customer" />
      <Party rel="provider" label="Provider" />
      <DateField source="createdAt" showTime sortable={false} />
    </Datagrid>
  </List>
);
