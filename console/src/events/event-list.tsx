import { Datagrid, DateField, List, NumberField, TextField, TextInput, DateTimeInput, TopToolbar, FilterButton, useListContext, Button } from 'react-admin';
import { useEffect, useState } from 'react';
import { ResponsiveRows } from '../layout/responsive-list';
import { EventActorField, EventDetails, EventResourceField, EventRecord } from './event-fields';

const filters = [
  <TextInput key="eventTypes" source="eventTypes" label="Event types" helperText="user/updated, listing, …" alwaysOn resettable />,
  <TextInput key="resourceId" source="resourceId" label="Resource id" alwaysOn resettable />,
  <TextInput key="startAfterSequenceId" source="startAfterSequenceId" label="After sequenceId" />,
  <DateTimeInput key="createdAtStart" source="createdAtStart" label="Created from" />,
];

/** The next page of the log starts after the last event shown (events/query pages by cursor, not by number). */
const NextEvents = () => {
  const { data, filterValues, setFilters, hasNextPage } = useListContext<EventRecord>();
  const last = data?.at(-1);
  if (!last || !hasNextPage) return null;
  return <Button label="Next events" onClick={() => setFilters({ ...filterValues, startAfterSequenceId: String(last.sequenceId) }, {})} />;
};

/** A live tail: the list reads the log again every few seconds while the box is ticked. */
const LiveTail = () => {
  const { refetch } = useListContext();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [live, refetch]);
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 14 }}>
      <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} /> Live
    </label>
  );
};

const EventActions = () => (
  <TopToolbar>
    <LiveTail />
    <FilterButton />
    <NextEvents />
  </TopToolbar>
);

/** The marketplace's event log (events/query): oldest first, 100 at a time, each with its data when opened. */
export const EventList = () => (
  <List filters={filters} actions={<EventActions />} pagination={false} perPage={100} title="Event log" disableSyncWithLocation={false}>
    <ResponsiveRows
      primary={(e) => `${e.sequenceId} ${e.eventType}`}
      secondary={(e) => `${e.resourceType} ${e.resourceId}`}
      tertiary={(e) => new Date(e.createdAt).toLocaleString()}
      rowClick={(_id, _resource, e) => `/as-of/${e.resourceId}?sequenceId=${e.sequenceId}`}
      table={
        <Datagrid rowClick="expand" expand={<EventDetails />} bulkActionButtons={false}>
          <NumberField source="sequenceId" label="Seq" sortable={false} />
          <DateField source="createdAt" showTime sortable={false} />
          <TextField source="eventType" sortable={false} />
          <EventResourceField label="Resource" />
          <EventActorField label="By" />
        </Datagrid>
      }
    />
  </List>
);
