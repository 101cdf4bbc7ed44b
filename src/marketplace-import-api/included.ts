import type { ApiPage, ApiResource } from './source-api';

/** A page's included resources by `type/id`. */
export const includedOf = (page: ApiPage): Map<string, ApiResource> => new Map((page.included ?? []).map((r) => [`${r.type}/${r.id}`, r]));

/** The id a to-one relationship names, or null. */
export const relatedId = (resource: ApiResource, name: string): string | null => {
  const data = resource.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/** The ids a to-many relationship names, in order. */
export const relatedIds = (resource: ApiResource, name: string): string[] => {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
};
