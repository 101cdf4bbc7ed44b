import type { SearchSchema, SchemaType } from '../search-schemas/domain/search-schema';
import type { SourceFile } from './asset-preparation';

interface ListingSearchAsset {
  listingTypeFilter?: { enabled?: boolean };
  categoryFilter?: { enabled?: boolean };
}
interface Category {
  subcategories?: Category[];
}
interface ListingField {
  key: string;
  scope?: string;
  schemaType?: string;
  filterConfig?: { indexForSearch?: boolean };
}

const read = <T>(files: SourceFile[], path: string): T | null => {
  const file = files.find((f) => f.path === path);
  return file ? (JSON.parse(file.data.toString('utf8')) as T) : null;
};

const depthOf = (categories: Category[]): number =>
  categories.length === 0 ? 0 : 1 + Math.max(...categories.map((c) => depthOf(c.subcategories ?? [])));

/** The Web Template's listing-field schema types that are search schema types of the same name. */
const SEARCHABLE: Record<string, SchemaType> = { enum: 'enum', 'multi-enum': 'multi-enum', boolean: 'boolean', long: 'long', text: 'text' };

/**
 * The listing search schemas an asset tree's filters need, read as the Web Template v12 reads them
 * (src/util/configHelpers.js, src/containers/SearchPage): the listing-type filter sends `pub_listingType`, the
 * category filter `pub_categoryLevel1…N` (one per level of listing-categories.json), and each listing field with
 * `filterConfig.indexForSearch` its `pub_<key>` (or `meta_<key>`). Without them those filters answer 400.
 */
export const searchSchemasForTree = (files: SourceFile[], origin = 'starter tree'): SearchSchema[] => {
  const search = read<ListingSearchAsset>(files, '/listings/listing-search.json') ?? {};
  const categories = read<{ categories?: Category[] }>(files, '/listings/listing-categories.json')?.categories ?? [];
  const fields = read<{ listingFields?: ListingField[] }>(files, '/listings/listing-fields.json')?.listingFields ?? [];
  const schemas: SearchSchema[] = [];
  const enumOf = (key: string, doc: string): SearchSchema => ({ schemaFor: 'listing', scope: 'public', key, type: 'enum', doc });
  if (search.listingTypeFilter?.enabled) schemas.push(enumOf('listingType', `Listing type filter (${origin})`));
  if (search.categoryFilter?.enabled)
    for (let level = 1; level <= depthOf(categories); level++) schemas.push(enumOf(`categoryLevel${level}`, `Category filter, level ${level} (${origin})`));
  for (const field of fields) {
    const type = field.schemaType ? SEARCHABLE[field.schemaType] : undefined;
    if (!field.filterConfig?.indexForSearch || !type) continue;
    const scope = field.scope === 'metadata' ? 'metadata' : 'public';
    schemas.push({ schemaFor: 'listing', scope, key: field.key, type, doc: `Listing field ${field.key} (${origin})` });
  }
  return schemas;
};
