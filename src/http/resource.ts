/** The resource shape moved to the shared kernel (the domain's views build it); kept here for the HTTP layer. */
export { idString, refOf } from '../shared/resource';
export type { Resource, ResourceRef } from '../shared/resource';
