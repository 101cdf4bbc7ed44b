import { Edit, SimpleForm } from 'react-admin';
import { JsonInput } from '../layout/json-input';

/** Metadata and private data (users/update_profile): top-level keys are replaced, a null removes one. */
export const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <JsonInput source="metadata" label="Metadata" helperText="Top-level keys replace the stored ones; null removes a key." />
      <JsonInput source="privateData" label="Private data" />
    </SimpleForm>
  </Edit>
);
