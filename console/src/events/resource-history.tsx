import { Datagrid, DateField, ListContextProvider, NumberField, Tab, TextField, useList, useGetList, useRecordContext } from 'react-admin';
import { EventActorField, EventDetails, EventResourceField } from './event-fields';

/** A resource's own events (events/query by resourceId), each openable, each with a link to the page as of it. */
export const ResourceHistory = () => {
  const record = useRecordContext<{ id: string }>();
  const { data, isPending, error } = useGetList('events', { filter: { resourceId: record?.id }, pagination: { page: 1, perPage: 100 } }, { enabled: Boolean(record) });
  const list = useList({ data: data ?? [], isPending });
  if (error) return <p role="alert">{(error as Error).message}</p>;
  return (
    <ListContextProvider value={list}>
      <Datagrid rowClick="expand" expand={<EventDetails />} bulkActionButtons={false} empty={<p>No events.</p>}>
        <NumberField source="sequenceId" label="Seq" />
        <DateField source="createdAt" showTime />
        <TextField source="eventType" />
        <EventActorField label="By" />
        <EventResourceField label="Resource" />
      </Datagrid>
    </ListContextProvider>
  );
};

/** The History tab of a user's, listing's or transaction's page (label and path given where used: the tab bar reads them). */
export const HistoryTab = (props: { label: string; path: string }) => (
  <Tab {...props}>
    <ResourceHistory />
  </Tab>
);
