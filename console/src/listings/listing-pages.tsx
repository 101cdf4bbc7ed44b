import { Box } from '@mui/material';
import {
  ChipField, Datagrid, DateField, Edit, EditButton, List, SelectInput, Show, SimpleForm, Tab,
  TabbedShowLayout, TextField, TextInput, TopToolbar, useRecordContext,
} from 'react-admin';
import { HistoryTab } from '../events/resource-history';
import { money, MoneyField, UserReference } from '../layout/fields';
import { ResponsiveRows } from '../layout/responsive-list';
import { AvailabilityExceptions, CurrentStock } from './listing-availability';
import { CommandButton } from '../layout/command-button';
import { JsonField } from '../layout/json-field';
import { JsonInput } from '../layout/json-input';

const STATES = ['published', 'pendingApproval', 'closed', 'draft'].map((id) => ({ id, name: id }));

const filters = [
  <TextInput key="keywords" source="keywords" label="Keywords" alwaysOn resettable />,
  <SelectInput key="states" source="states" label="State" choices={STATES} alwaysOn />,
  <TextInput key="authorId" source="authorId" label="Author id" />,
];

export const ListingList = () => (
  <List filters={filters} perPage={25} title="Listings">
    <ResponsiveRows
      primary={(l) => l.title}
      secondary={(l) => l.state}
      tertiary={(l) => money(l.price)}
      table={
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="title" sortable={false} />
          <ChipField source="state" sortable={false} />
          <MoneyField source="price" label="Price" />
          <UserReference rel="author" label="Author" />
          <DateField source="createdAt" showTime sortable={false} />
        </Datagrid>
      }
    />
  </List>
);

const ListingActions = () => {
  const listing = useRecordContext<{ state: string; deleted?: boolean }>();
  if (!listing || listing.deleted) return <TopToolbar />;
  return (
    <TopToolbar>
      {listing.state === 'pendingApproval' && <CommandButton label="Approve listing" path="listings/approve" />}
      {listing.state === 'published' && <CommandButton label="Close listing" path="listings/close" />}
      {listing.state === 'closed' && <CommandButton label="Open listing" path="listings/open" />}
      <EditButton label="Edit data" />
    </TopToolbar>
  );
};

/** The listing's images, from `include=images` (the smallest variant the API gave). */
const Images = () => {
  const listing = useRecordContext<{ included?: { type: string; id: string; variants?: Record<string, { url: string; width: number }> }[] }>();
  const images = (listing?.included ?? []).filter((r) => r.type === 'image');
  if (images.length === 0) return <p>No images.</p>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {images.map((image, i) => {
        const variant = Object.values(image.variants ?? {}).sort((a, b) => a.width - b.width)[0];
        return variant ? <img key={image.id} src={variant.url} alt={`Listing image ${i + 1}`} style={{ maxHeight: 120, maxWidth: '100%' }} /> : null;
      })}
    </Box>
  );
};

export const ListingShow = () => (
  <Show actions={<ListingActions />}>
    <TabbedShowLayout>
      <Tab label="Summary">
        <TextField source="title" />
        <TextField source="description" />
        <ChipField source="state" />
        <MoneyField source="price" label="Price" />
        <UserReference rel="author" label="Author" />
        <DateField source="createdAt" showTime />
        <Images />
      </Tab>
      <Tab label="Availability & stock" path="availability">
        <JsonField source="availabilityPlan" label="Availability plan" />
        <AvailabilityExceptions />
        <CurrentStock label="Current stock" />
      </Tab>
      <Tab label="Extended data" path="data">
        <JsonField source="publicData" label="Public data" />
        <JsonField source="privateData" label="Private data" />
        <JsonField source="metadata" label="Metadata" />
      </Tab>
      <HistoryTab label="History" path="history" />
    </TabbedShowLayout>
  </Show>
);

export const ListingEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <JsonInput source="metadata" label="Metadata" />
    </SimpleForm>
  </Edit>
);
