import { FunctionField, ReferenceField, TextField } from 'react-admin';

interface Money {
  amount: number;
  currency: string;
}

/** Minor units as the API gives them, shown in major units with the currency code. */
export const money = (m?: Money | null) => (m ? `${(m.amount / 100).toFixed(2)} ${m.currency}` : '-');

export const MoneyField = ({ source, label }: { source: string; label: string }) => (
  <FunctionField label={label} render={(r: Record<string, unknown>) => money(r[source] as Money | undefined)} />
);

/** A user a relationship names (author, customer, provider), by email, linked to their page. */
export const UserReference = ({ rel, label }: { rel: string; label: string }) => (
  <ReferenceField source={`relationships.${rel}.data.id`} reference="users" label={label} link="show" emptyText="-">
    <TextField source="email" />
  </ReferenceField>
);
