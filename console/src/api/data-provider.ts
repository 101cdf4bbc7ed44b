import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { ApiResource, integration, Params, recordOf } from './integration';

/**
 * react-admin's data provider over the Integration API: each resource of the console is one of the API's, read
 * and changed through its documented endpoints (plus the `x-` extensions this server adds for what only a console
 * does: ban, "as of"). Nothing here reads a store directly.
 */
const PATHS: Record<string, { query: string; show?: string; update?: string; include?: string }> = {
  users: { query: 'users/query', show: 'users/show', update: 'users/update_profile' },
  listings: { query: 'listings/query', show: 'listings/show', update: 'listings/update', include: 'images,author,currentStock' },
  transactions: { query: 'transactions/query', show: 'transactions/show', update: 'transactions/update_metadata', include: 'customer,provider,listing,booking,reviews,messages,stockReservation' },
  events: { query: 'events/query' },
  mails: { query: 'x-mail/outbox' },
};

const EDITABLE = ['metadata', 'privateData'];

const pathsOf = (resource: string) => {
  const paths = PATHS[resource];
  if (!paths) throw new Error(`The console has no resource ${resource}.`);
  return paths;
};

const withIncluded = (data: ApiResource, included: ApiResource[] = []) => ({ ...recordOf(data), included: included.map(recordOf) });

/** Users can be looked up by email (users/show), the one search the console's operators ask for most. */
const findUserByEmail = async (email: string) => {
  try {
    const { data } = await integration<ApiResource>('users/show', { email });
    return { data: [recordOf(data)], total: 1 };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return { data: [], total: 0 };
    throw error;
  }
};

/** events/query pages by cursor (startAfterSequenceId), never by number: react-admin gets "is there more". */
const events = async (filter: Params, perPage: number) => {
  const { data } = await integration<ApiResource[]>('events/query', { ...filter, perPage: Math.min(100, perPage) });
  return { data: data.map(recordOf), pageInfo: { hasNextPage: data.length === Math.min(100, perPage), hasPreviousPage: false } };
};

const getList = async (resource: string, params: GetListParams) => {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const filter = (params.filter ?? {}) as Params;
  if (resource === 'events') return events(filter, perPage);
  if (resource === 'users' && typeof filter.email === 'string' && filter.email.trim()) return findUserByEmail(filter.email.trim());
  const { data, meta } = await integration<ApiResource[]>(pathsOf(resource).query, { ...filter, page, perPage });
  return { data: data.map(recordOf), total: Number(meta?.totalItems ?? data.length) };
};

export const dataProvider: DataProvider = {
  getList: getList as DataProvider['getList'],

  getOne: async (resource, params) => {
    const paths = pathsOf(resource);
    const { data, included } = await integration<ApiResource>(paths.show!, { id: String(params.id), include: paths.include });
    const record = withIncluded(data, included);
    // A user's editable extended data sits in its profile; the edit form and update_profile name it at the top.
    if (resource === 'users') {
      const profile = ((record as Record<string, unknown>).profile ?? {}) as Record<string, unknown>;
      return { data: { ...record, metadata: profile.metadata ?? {}, privateData: profile.privateData ?? {} } } as never;
    }
    return { data: record } as never;
  },

  getMany: async (resource, params) => {
    const records = await Promise.all(params.ids.map((id) => dataProvider.getOne(resource, { id }).then((r) => r.data)));
    return { data: records } as never;
  },

  getManyReference: async (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,

  /** The console edits extended data only (metadata, private data): the body carries just what changed. */
  update: async (resource, params) => {
    const before = (params.previousData ?? {}) as RaRecord;
    const changes = Object.fromEntries(
      Object.entries(params.data as RaRecord).filter(([key, value]) => EDITABLE.includes(key) && JSON.stringify(value) !== JSON.stringify(before[key])),
    );
    await integration(pathsOf(resource).update!, undefined, { id: params.id, ...changes });
    return dataProvider.getOne(resource, { id: params.id }) as never;
  },

  create: () => Promise.reject(new Error('The console creates nothing here.')),
  delete: () => Promise.reject(new Error('The console deletes nothing here.')),
  deleteMany: () => Promise.reject(new Error('The console deletes nothing here.')),
  updateMany: () => Promise.reject(new Error('The console changes records one at a time.')),
};
