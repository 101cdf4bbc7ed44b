import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { SimpleList, type RaRecord } from 'react-admin';

/**
 * A list's rows as a table on wide screens and as a simple list on a phone, where a table with five columns would
 * push the page sideways (react-admin's own pattern for small screens).
 */
// The rows are the API's attributes, as loose as JSON: each accessor picks what it shows.
type Row = RaRecord & Record<string, any>;

export const ResponsiveRows = ({
  table,
  primary,
  secondary,
  tertiary,
  rowClick = 'show',
}: {
  table: ReactElement;
  primary: (r: Row) => string;
  secondary?: (r: Row) => string;
  tertiary?: (r: Row) => string;
  rowClick?: string | ((id: unknown, resource: string, record: Row) => string);
}) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!phone) return table;
  return <SimpleList<Row> primaryText={primary} secondaryText={secondary} tertiaryText={tertiary} rowClick={rowClick as never} />;
};
