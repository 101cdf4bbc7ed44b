import { Client, errors, estypes } from '@elastic/elasticsearch';
import type { EventStore } from '../src/event-store/event-store.port';
import type { Projection } from '../src/event-sourcing/projection';
import { ElasticsearchDocumentStore } from '../src/read-models/elasticsearch-document-store';
import { ElasticsearchListingSearch } from '../src/search/elasticsearch-listing-search';
import { rebuildReadModels, replayInto } from './projection-engine';

export interface ElasticsearchRebuildOptions {
  node: string;
  /** The live installation's index prefix. */
  indexPrefix: string;
  /** A client of the caller's (tests); otherwise one for `node`. */
  client?: Client;
  /** Catch-up rounds beside the live indices stop once the rest is at most this many positions (default 1000). */
  swapWithinPositions?: number;
  onProgress?: (done: number, total: number) => void;
}

/** The aliases call that puts the rebuilt indices in the live names' place, and the indices to delete after it. */
export interface AliasSwap {
  actions: estypes.IndicesUpdateAliasesAction[];
  /** Concrete indices that were behind a live alias: unused once the swap is done. */
  obsolete: string[];
}

/**
 * Plans the swap (pure): every live name (`live`: the name → the concrete indices it resolves to; the name itself
 * when it is a concrete index) stops pointing at what it did, and each rebuilt index (`rebuilt`, named
 * `<shadowPrefix><rest>`) becomes the alias `<livePrefix><rest>`. A live concrete index is removed in the same atomic
 * call (`remove_index`), so its name is free for the alias; an index behind an alias is deleted after it. A live
 * name with no rebuilt counterpart (a collection the log no longer fills) is removed too.
 */
export const planAliasSwap = (live: Record<string, string[]>, rebuilt: string[], livePrefix: string, shadowPrefix: string): AliasSwap => {
  const actions: estypes.IndicesUpdateAliasesAction[] = [];
  const obsolete: string[] = [];
  for (const [name, concrete] of Object.entries(live)) {
    for (const index of concrete) {
      if (index === name) actions.push({ remove_index: { index } });
      else {
        actions.push({ remove: { index, alias: name } });
        obsolete.push(index);
      }
    }
  }
  for (const index of rebuilt) {
    if (!index.startsWith(shadowPrefix)) throw new Error(`rebuilt index ${index} is not under ${shadowPrefix}`);
    actions.push({ add: { index, alias: `${livePrefix}${index.slice(shadowPrefix.length)}` } });
  }
  return { actions, obsolete };
};

/**
 * KurrentDB + Elasticsearch: rebuilds the read models while the instances serve. The log is replayed into indices
 * beside the live ones (the same stores under the prefix `<prefix>rb<time>-`), caught up in rounds, then one atomic
 * `_aliases` call puts them in the live names' place (the live names become aliases of the new indices). Elasticsearch
 * has no append lock: the events the live projection engine applied between the last round and the swap are then
 * replayed through the live names, which writes nothing older (every write is versioned by log position), so after
 * that replay the new read models hold everything; until it ends (a few hundred milliseconds at most) a reader may
 * miss those last events. The old indices are deleted after the swap.
 */
export const rebuildBesideAndSwapElasticsearch = async (
  events: EventStore,
  projections: readonly Projection[],
  options: ElasticsearchRebuildOptions,
): Promise<{ events: number; position: number }> => {
  const client = options.client ?? new Client({ node: options.node });
  const livePrefix = options.indexPrefix.toLowerCase();
  const shadowPrefix = `${livePrefix}rb${Date.now()}-`;
  const beside = {
    documents: new ElasticsearchDocumentStore({ node: options.node, indexPrefix: shadowPrefix, client }),
    search: new ElasticsearchListingSearch({ node: options.node, indexPrefix: shadowPrefix, client }),
  };
  let { events: count, position } = await rebuildReadModels(events, beside, projections, { onProgress: options.onProgress });
  for (;;) {
    const head = await events.headPosition();
    if (head - position <= (options.swapWithinPositions ?? 1000)) break;
    const round = await replayInto(events, beside, projections, position, head);
    count += round.events;
    position = round.position;
  }
  const rebuilt = Object.keys(await client.indices.get({ index: `${shadowPrefix}*`, allow_no_indices: true, expand_wildcards: 'open' }));
  const liveNames = new Set(rebuilt.map((index) => `${livePrefix}${index.slice(shadowPrefix.length)}`));
  // Live document indices the rebuild did not make (a collection now empty) go too.
  for (const name of liveDocumentNames(await resolve(client, `${livePrefix}docs-*`), `${livePrefix}docs-`)) liveNames.add(name);
  const live: Record<string, string[]> = {};
  for (const name of liveNames) live[name] = Object.keys(await resolve(client, name));
  const swap = planAliasSwap(
    Object.fromEntries(Object.entries(live).filter(([, concrete]) => concrete.length > 0)),
    rebuilt,
    livePrefix,
    shadowPrefix,
  );
  await client.indices.updateAliases({ actions: swap.actions });
  // What the live engine applied since the last round, through the live names (now the new indices).
  const live$ = {
    documents: new ElasticsearchDocumentStore({ node: options.node, indexPrefix: livePrefix, client }),
    search: new ElasticsearchListingSearch({ node: options.node, indexPrefix: livePrefix, client }),
  };
  const rest = await replayInto(events, live$, projections, position, await events.headPosition());
  if (swap.obsolete.length > 0) await client.indices.delete({ index: swap.obsolete, ignore_unavailable: true });
  // The rebuild's own templates: its indices exist, and the live templates cover the live names.
  await client.indices.deleteIndexTemplate({ name: `${shadowPrefix}*` }).catch(() => undefined);
  return { events: count + rest.events, position: rest.position };
};

/** The live names behind a wildcard's answer: an index's alias under the prefix (after a swap), else its own name. */
export const liveDocumentNames = (indices: Record<string, { aliases?: Record<string, unknown> } | unknown>, namePrefix: string): string[] =>
  Object.entries(indices).flatMap(([index, info]) => {
    const aliases = Object.keys((info as { aliases?: Record<string, unknown> } | undefined)?.aliases ?? {}).filter((a) => a.startsWith(namePrefix));
    if (aliases.length > 0) return aliases;
    return index.startsWith(namePrefix) ? [index] : [];
  });

/** The concrete indices a name or pattern resolves to (an alias: its indices; a concrete index: itself), by name. */
const resolve = async (client: Client, name: string): Promise<Record<string, unknown>> => {
  try {
    return await client.indices.get({ index: name, allow_no_indices: true, expand_wildcards: 'open', ignore_unavailable: true });
  } catch (error) {
    if (error instanceof errors.ResponseError && error.statusCode === 404) return {};
    throw error;
  }
};
