import { Uuid } from './values';

/** A resource as the data APIs return it. `id` is written as a Transit UUID, `type` as a keyword. */
export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

export interface ResourceRef {
  id: string;
  type: string;
}

export const refOf = (r: ResourceRef): ResourceRef => ({ id: r.id, type: r.type });

/** A stored view whose id may already be a Uuid (documents and events keep types). */
export const idString = (id: string | Uuid): string => (id instanceof Uuid ? id.uuid : id);
