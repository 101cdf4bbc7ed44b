import type { RecordedEvent } from '../event-store/event-store.port';
import type { FieldValue, ReadModelOp } from '../read-models/document-store.port';
import type { DocumentProjection, UndecodedEvent } from '../event-sourcing/projection';
import { KEY_PATTERN } from '../search-schemas/domain/search-schema';
import { normalizeEmail } from './domain/user.state';
import { deletedUser, StoredUser } from './domain/user.views';

export const USERS = 'user';

/** Extended-data prefixes of the users/query filters, by profile key. */
const PREFIXES = { publicData: 'pub_', metadata: 'meta_', privateData: 'priv_', protectedData: 'prot_' } as const;

const isScalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Top-level extended-data values that can be filtered or sorted on (scalars and lists of scalars), under the keys a
 * search schema can name (the listing-search rule): any other key (a 33 KB one, say) is kept in the user but never
 * indexed, so no accepted write can make a search engine refuse the document and stop the projection.
 */
export const searchableFields = (profile: Record<string, Record<string, unknown>>): Record<string, FieldValue> => {
  const fields: Record<string, FieldValue> = {};
  for (const [key, prefix] of Object.entries(PREFIXES)) {
    for (const [name, value] of Object.entries(profile[key] ?? {})) {
      if (!KEY_PATTERN.test(name)) continue;
      if (isScalar(value)) fields[prefix + name] = value;
      else if (Array.isArray(value) && value.every(isScalar)) fields[prefix + name] = value as Array<string | number | boolean>;
    }
  }
  return fields;
};

/** The users read model: the Integration API view of every user, by id and by email. */
export const usersProjection: DocumentProjection = {
  name: 'users',
  eventTypes: ['user/created', 'user/updated', 'user/deleted'],
  // A user's event names the user as the resource, and its email is the put's one key (a deletion, whose resource is
  // null, is left to `project`): a rebuild skips a user's older events undecoded, two in three in the bench's log.
  documentOf: (event: UndecodedEvent) => {
    const marketplaceId = event.metadataString('marketplaceId');
    const id = event.metadataString('resourceId');
    const email = event.metadataString('resource', 'attributes', 'email');
    return marketplaceId && id && email !== null ? { collection: USERS, marketplaceId, id, keys: [`email:${normalizeEmail(email)}`] } : undefined;
  },
  project: (event: RecordedEvent): ReadModelOp[] => {
    const m = event.metadata;
    const user = m.resource as StoredUser | null;
    if (!user) {
      // Deleted: a tombstone, so users/show and included authors answer `deleted: true`; no email key, no data.
      return [
        {
          op: 'put',
          collection: USERS,
          document: { id: m.resourceId!, marketplaceId: m.marketplaceId, createdAt: m.createdAt, body: deletedUser(m.resourceId!, m.marketplaceId), fields: { deleted: true } },
        },
      ];
    }
    const a = user.attributes as { email: string; createdAt: Date; state: string; profile: Record<string, Record<string, unknown>> };
    return [
      {
        op: 'put',
        collection: USERS,
        document: {
          id: user.id.uuid,
          marketplaceId: m.marketplaceId,
          createdAt: a.createdAt.toISOString(),
          body: user,
          keys: [`email:${normalizeEmail(a.email)}`],
          fields: { state: a.state, deleted: false, ...searchableFields(a.profile) },
        },
      },
    ];
  },
};
