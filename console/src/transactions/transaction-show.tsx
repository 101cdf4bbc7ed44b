import { ArrayField, Datagrid, DateField, FunctionField, NumberField, ReferenceField, Show, Tab, TabbedShowLayout, TextField, useRecordContext } from 'react-admin';
import { HistoryTab } from '../events/resource-history';
import { MoneyField, UserReference } from '../layout/fields';
import { JsonField, JsonView } from '../layout/json-field';
import { OperatorTransition } from './operator-transition';

/** Included resources of one type (booking, messages, reviews, stock reservation), as the API gave them. */
const Included = ({ type, label }: { type: string; label: string }) => {
  const tx = useRecordContext<{ included?: { type: string }[] }>();
  const found = (tx?.included ?? []).filter((r) => r.type === type);
  return found.length ? <JsonView value={found} label={label} /> : <p>None.</p>;
};

export const TransactionShow = () => (
  <Show>
    <TabbedShowLayout>
      <Tab label="Summary">
        <TextField source="processName" label="Process" />
        <NumberField source="processVersion" label="Version" />
        <TextField source="lastTransition" />
        <DateField source="lastTransitionedAt" showTime />
        <UserReference rel="customer" label="Customer" />
        <UserReference rel="provider" label="Provider" />
        <ReferenceField source="relationships.listing.data.id" reference="listings" label="Listing" link="show" emptyText="-">
          <TextField source="title" />
        </ReferenceField>
        <MoneyField source="payinTotal" label="Payin total" />
        <MoneyField source="payoutTotal" label="Payout total" />
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
            <MoneyField source="unitPrice" label="Unit price" />
            <TextField source="quantity" />
            <MoneyField source="lineTotal" label="Line total" />
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
      <HistoryTab label="History" path="history" />
    </TabbedShowLayout>
  </Show>
);
