import { ResponsiveRows } from '../layout/responsive-list';
import { useEffect, useState, type ReactElement } from 'react';
import { ChipField, Datagrid, DateField, DateTimeInput, List, SelectInput, TextField, TextInput } from 'react-admin';
import { integration } from '../api/integration';

interface SearchSchema {
  scope: 'public' | 'metadata' | 'private' | 'protected';
  key: string;
  type: 'enum' | 'multi-enum' | 'boolean' | 'long' | 'text';
  doc?: string;
}

const PREFIX: Record<SearchSchema['scope'], string> = { public: 'pub_', metadata: 'meta_', private: 'priv_', protected: 'prot_' };

const HELP: Record<Exclude<SearchSchema['type'], 'text' | 'boolean'>, string> = {
  enum: 'One value, or several separated by commas',
  'multi-enum': 'Values separated by commas (all of them), or has_any:a,b',
  long: 'A number, or a range from,to (to excluded)',
};

const baseFilters = [
  <TextInput key="email" source="email" label="Email" alwaysOn resettable />,
  <DateTimeInput key="createdAtStart" source="createdAtStart" label="Created from" />,
  <DateTimeInput key="createdAtEnd" source="createdAtEnd" label="Created before" />,
];

/** One filter per user-profile search schema (text keys are searched, not filtered: none for them). */
const schemaFilter = (schema: SearchSchema): ReactElement | null => {
  const source = `${PREFIX[schema.scope]}${schema.key}`;
  const label = `${source} (${schema.type})`;
  if (schema.type === 'text') return null;
  if (schema.type === 'boolean')
    return <SelectInput key={source} source={source} label={label} choices={[{ id: 'true', name: 'true' }, { id: 'false', name: 'false' }]} helperText={schema.doc ?? false} />;
  return <TextInput key={source} source={source} label={label} helperText={schema.doc ?? HELP[schema.type]} resettable />;
};

/**
 * Newest first (users/query); an email finds that one user (users/show). Besides, a filter for each extended-data
 * key the marketplace's user search schemas index (x-search-schemas/query), as users/query takes them.
 */
export const UserList = () => {
  // The list is drawn once the filters are known: react-admin's filter form takes its inputs when it is made.
  const [filters, setFilters] = useState<ReactElement[] | null>(null);
  useEffect(() => {
    integration<{ id: string; type: string; attributes: SearchSchema }[]>('x-search-schemas/query', { schemaFor: 'userProfile' })
      .then(({ data }) => setFilters([...baseFilters, ...data.map((s) => schemaFilter(s.attributes)).filter((f): f is ReactElement => f !== null)]))
      .catch(() => setFilters(baseFilters));
  }, []);
  if (filters === null) return null;
  return (
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
};
