import { ResponsiveRows } from '../layout/responsive-list';
import { ChipField, Datagrid, DateField, DateTimeInput, List, TextField, TextInput } from 'react-admin';

const filters = [
  <TextInput key="email" source="email" label="Email" alwaysOn resettable />,
  <DateTimeInput key="createdAtStart" source="createdAtStart" label="Created from" />,
  <DateTimeInput key="createdAtEnd" source="createdAtEnd" label="Created before" />,
];

/** Newest first (users/query); an email finds that one user (users/show). */
export const UserList = () => (
  <List filters={filters} perPage={25} sort={{ field: 'createdAt', order: 'DESC' }} title="Users">
    <ResponsiveRows
      primary={(u) => u.email}
      secondary={(u) => u.state}
      tertiary={(u) => new Date(u.createdAt).toLocaleDateString()}
      table={
        <Datagrid rowClick="show" bulkActionButtons={false}>
          {/* Plain text, not a mailto link: a click anywhere on the row opens the user. */}
          <TextField source="email" sortable={false} />
          <TextField source="profile.displayName" label="Name" sortable={false} />
          <ChipField source="state" sortable={false} />
          <DateField source="createdAt" showTime sortable={false} />
        </Datagrid>
      }
    />
  </List>
);
