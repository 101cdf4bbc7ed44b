import { ArrayField, Datagrid, DateField, FunctionField, NumberField, ReferenceField, Show, Tab, TabbedShowLayout, TextField, useRecordContext } from 'react-admin';
import { ResourceHistory } from '../events/resource-history';
import { JsonField, JsonView } from '../layout/json-field';
import { OperatorTransition } from './operator-transition';

const money = (m?: { amount: number; currency: string } | null) => (m ? `${(m.amount / 100).toFixed(2)} ${m.currency}` : '-');

/** Included resources of one type (booking, messages, reviews, stock reservation), as the API gave them. */
const Included = ({ type, label }: { type: string; label: string }) => {
  const tx = useRecordContext<{ included?: { type: string }[] }>();
  const found = (tx?.included ?? []).filter((r) => r.type === type);
  return found.length ? <JsonView value={found} label={label} /> : <p>None.</p>;
};

const Party = ({ rel, label }: { rel: string; label: string }) => (
  <ReferenceField source={`relationships.${rel}.data.id`} reference="users" label={label} link="show" emptyText="-">
    <TextField source="email" />
  </ReferenceField>
);

export const TransactionShow = () => (
  <Show>
    <TabbedShowLayout>
      <Tab label="Summary">
        <TextField source="processName" label="Process" />
        <NumberField source="processVersion" label="Version" />
        <TextField source="lastTransition" />
        <DateField source="lastTransitionedAt" showTime />
        <Party rel="customer" label="Customer" />
        <Party rel="provider" label="Provider" />
        <ReferenceField source="relationships.listing.data.id" reference="listings" label="Listing" link="show" emptyText="-">
          <TextField source="title" />
        </ReferenceField>
        <FunctionField label="Payin total" render={(r: { payinTotal?: { amount: number; currency: string } }) => money(r.payinTotal)} />
        <FunctionField label="Payout total" render={(r: { payoutTotal?: { amount: number; currency: string } }) => money(r.payoutTotal)} />
        <OperatorTransition />
      </Tab>
      <Tab label="Timeline" path="timeline">
        <ArrayField source="transitions" label="Transitions">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="transition" />
            <DateField source="createdAt" showTime />
            <TextField source="by" />
          </Datagrid>
        </ArrayField>
      </Tab>
      <Tab label="Line items" path="line-items">
        <ArrayField source="lineItems" label="Line items">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="code" />
            <FunctionField label="Unit price" render={(r: { unitPrice?: { amount: number; currency: string } }) => money(r.unitPrice)} />
            <TextField source="quantity" />
            <FunctionField label="Line total" render={(r: { lineTotal?: { amount: number; currency: string } }) => money(r.lineTotal)} />
            <FunctionField label="Includes for" render={(r: { includeFor?: string[] }) => (r.includeFor ?? []).join(', ')} />
          </Datagrid>
        </ArrayField>
      </Tab>
      <Tab label="Booking & stock" path="booking">
        <Included type="booking" label="Booking" />
        <Included type="stockReservation" label="Stock reservation" />
      </Tab>
      <Tab label="Messages & reviews" path="messages">
        <Included type="message" label="Messages" />
        <Included type="review" label="Reviews" />
      </Tab>
      <Tab label="Data" path="data">
        <JsonField source="protectedData" label="Protected data" />
        <JsonField source="metadata" label="Metadata" />
      </Tab>
      <Tab label="History" path="history">
        <ResourceHistory />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
