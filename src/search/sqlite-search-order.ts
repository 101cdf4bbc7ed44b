import { distanceKm } from './geo';
import type { Point, SearchSort } from './listing-search.port';
import type { ListingText } from './search-text';

/** How the SQLite adapter orders candidates it has read: sort keys, then createdAt descending, then id. */

/** A candidate row, with whatever the query needs to rank it. */
export interface Row {
  n: number;
  id: string;
  created: number;
  price: number | null;
  lat?: number | null;
  lng?: number | null;
  title_words?: string;
  description_words?: string;
  text_values?: string;
  [sortColumn: `s${number}`]: number | null | undefined;
}

export const extendedSortKeys = (sort: SearchSort[] | undefined): string[] =>
  (sort ?? []).filter((s) => s.field !== 'createdAt' && s.field !== 'price').map((s) => s.field);

/** Sort values by position (s0, s1...) of the query's sort keys, with schema defaults applied. */
export const withSortValues = (row: Row, sort: SearchSort[] | undefined): Row => {
  let i = 0;
  for (const key of sort ?? []) {
    if (key.field === 'createdAt' || key.field === 'price') continue;
    const value = row[`s${i}`];
    row[`s${i}`] = value === null || value === undefined ? (key.default ?? null) : value;
    i += 1;
  }
  return row;
};

const sortValue = (row: Row, sort: SearchSort[], index: number): number | null => {
  const key = sort[index];
  if (key.field === 'createdAt') return row.created;
  if (key.field === 'price') return row.price;
  const position = sort.slice(0, index).filter((s) => s.field !== 'createdAt' && s.field !== 'price').length;
  return row[`s${position}`] ?? null;
};

/** The sort keys, then createdAt descending, then id: missing values last in either direction. */
export const compareRows = (a: Row, b: Row, sort: SearchSort[]): number => {
  for (let i = 0; i < sort.length; i += 1) {
    const x = sortValue(a, sort, i);
    const y = sortValue(b, sort, i);
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return sort[i].direction === 'asc' ? x - y : y - x;
  }
  return b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};

/** Nearest first from `origin` by great-circle distance (geo.ts), listings without a location last, ties as compareRows. */
export const nearestFirst = <R extends Row>(origin: Point, rows: R[]): Array<{ row: R; d: number }> =>
  rows
    .map((row) => ({ row, d: row.lat == null || row.lng == null ? Infinity : distanceKm(origin, { lat: row.lat, lng: row.lng }) }))
    .sort((a, b) => a.d - b.d || compareRows(a.row, b.row, []));

export const listingText = (row: Row, textKeys: string[]): ListingText => {
  const values = textKeys.length > 0 ? (JSON.parse(row.text_values ?? '{}') as Record<string, string>) : {};
  return {
    title: row.title_words ?? '',
    description: row.description_words ?? '',
    attributes: textKeys
      .map((k) => values[k])
      .filter(Boolean)
      .join(' '),
  };
};

/** ORDER BY of a plain (no keywords, no origin) query, with a join per extended-data sort key. */
export const sortSql = (sort: SearchSort[] | undefined): { joins: string; params: unknown[]; order: string } => {
  const joins: string[] = [];
  const params: unknown[] = [];
  const order: string[] = [];
  (sort ?? []).forEach((key, i) => {
    let value: string;
    if (key.field === 'createdAt') value = 'l.created';
    else if (key.field === 'price') value = 'l.price';
    else {
      joins.push(`LEFT JOIN search_values s${i} ON s${i}.n = l.n AND s${i}.key = ?`);
      params.push(`n:${key.field}`);
      value = key.default !== undefined ? `COALESCE(s${i}.v, ${Number(key.default)})` : `s${i}.v`;
    }
    order.push(`(${value} IS NULL)`, `${value} ${key.direction === 'asc' ? 'ASC' : 'DESC'}`);
  });
  order.push('l.created DESC', 'l.id ASC');
  return { joins: joins.join(' '), params, order: order.join(', ') };
};
