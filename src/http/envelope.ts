import type { AuthContext } from '../auth/auth-context';
import { Uuid } from '../shared/values';
import type { CommonParams, IncludeTree } from './common-params';
import { Resource, ResourceRef } from './resource';
import { keyword } from './transit';

/** Everything a relationship loader may need to know about the request. */
export interface LoadContext {
  auth: AuthContext;
  params: CommonParams;
  /** Origin for links (image variant URLs); see ApiRequest.baseUrl. */
  baseUrl?: string;
}

/** Loads one relationship of one resource: a single resource, a list, or null. */
export type RelationshipLoader = (resource: Resource, ctx: LoadContext) => Promise<Resource | Resource[] | null>;

/**
 * Which relationships each resource type has, registered by the bounded contexts at start-up. An `include` of a
 * relationship that is not registered for the type is ignored, as clients send the same include lists to
 * endpoints whose resources differ.
 */
export class RelationshipRegistry {
  private readonly loaders = new Map<string, Map<string, RelationshipLoader>>();

  register(type: string, relationship: string, loader: RelationshipLoader): void {
    if (!this.loaders.has(type)) this.loaders.set(type, new Map());
    this.loaders.get(type)!.set(relationship, loader);
  }

  loader(type: string, relationship: string): RelationshipLoader | undefined {
    return this.loaders.get(type)?.get(relationship);
  }

  /** Every registered (type, relationship): what an `include` path can walk (the access tests walk them all). */
  relationships(): Array<{ type: string; relationship: string }> {
    return [...this.loaders].flatMap(([type, rels]) => [...rels.keys()].map((relationship) => ({ type, relationship })));
  }
}

interface Node {
  resource: Resource;
  relationships: Map<string, ResourceRef | ResourceRef[] | null>;
}

const keyOf = (r: ResourceRef) => `${r.type}/${r.id}`;

/**
 * Builds `{data, included, meta}`: resolves `include` (nested paths too), applies `limit.<relationship>` and
 * `fields.<type>`. Every referenced resource appears in `included`, once.
 */
export const buildEnvelope = async (
  data: Resource | Resource[] | null,
  ctx: LoadContext,
  registry: RelationshipRegistry,
  meta?: Record<string, unknown>,
) => {
  const nodes = new Map<string, Node>();
  const included = new Map<string, Node>();
  const primary = data === null ? [] : Array.isArray(data) ? data : [data];
  const primaryNodes = primary.map((r) => nodeFor(nodes, r));

  const resolve = async (parents: Node[], tree: IncludeTree): Promise<void> => {
    const relationships = [...tree];
    // Every relationship of every parent of this level is asked at once (a production store reads them together,
    // in one statement where it can: postgres-document-store.ts), then taken in order, so `included` keeps it.
    const loaded = await Promise.all(
      relationships.map(([relationship]) =>
        Promise.all(
          parents.map(async (parent) => {
            const loader = registry.loader(parent.resource.type, relationship);
            return loader ? { related: await loader(parent.resource, ctx) } : null;
          }),
        ),
      ),
    );
    for (const [k, [relationship, subtree]] of relationships.entries()) {
      const children: Node[] = [];
      for (const [i, parent] of parents.entries()) {
        if (!loaded[k][i]) continue;
        let related = loaded[k][i].related;
        if (Array.isArray(related)) {
          const limit = ctx.params.limits.get(relationship);
          if (limit !== undefined) related = related.slice(0, limit);
          parent.relationships.set(relationship, related.map((r) => ({ id: r.id, type: r.type })));
          for (const r of related) children.push(include(r));
        } else if (related) {
          parent.relationships.set(relationship, { id: related.id, type: related.type });
          children.push(include(related));
        } else parent.relationships.set(relationship, null);
      }
      if (subtree.size > 0 && children.length > 0) await resolve(children, subtree);
    }
  };
  const include = (r: Resource): Node => {
    const node = nodeFor(nodes, r);
    if (!primaryNodes.includes(node)) included.set(keyOf(r), node);
    return node;
  };

  if (ctx.params.include.size > 0) await resolve(primaryNodes, ctx.params.include);
  const render = (n: Node) => renderResource(n, ctx.params.fields.get(n.resource.type));
  const out: Record<string, unknown> = {
    data: data === null ? null : Array.isArray(data) ? primaryNodes.map(render) : render(primaryNodes[0]),
  };
  if (meta) out.meta = meta;
  if (ctx.params.include.size > 0) out.included = [...included.values()].map(render);
  return out;
};

/** A write endpoint's answer: only the reference unless `expand=true`. */
export const commandEnvelope = async (resource: Resource, ctx: LoadContext, registry: RelationshipRegistry) =>
  ctx.params.expand || ctx.params.include.size > 0
    ? buildEnvelope(ctx.params.expand ? resource : { ...resource, attributes: {} }, ctx, registry).then((env) =>
        ctx.params.expand ? env : { ...env, data: stripAttributes(env.data) },
      )
    : { data: { id: new Uuid(resource.id), type: keyword(resource.type) } };

const stripAttributes = (data: unknown) => {
  const { attributes: _omitted, ...rest } = data as Record<string, unknown>;
  return rest;
};

const nodeFor = (nodes: Map<string, Node>, resource: Resource): Node => {
  const key = keyOf(resource);
  let node = nodes.get(key);
  if (!node) {
    node = { resource, relationships: new Map() };
    nodes.set(key, node);
  } else if (node.resource !== resource) {
    // The same entity reached twice (e.g. a user as author of two listings): merge what each load returned.
    node.resource = { ...node.resource, attributes: { ...resource.attributes, ...node.resource.attributes } };
  }
  return node;
};

const renderRef = (r: ResourceRef) => ({ id: new Uuid(r.id), type: keyword(r.type) });

const renderResource = (node: Node, fields: string[] | undefined) => {
  const { resource } = node;
  const out: Record<string, unknown> = {
    id: new Uuid(resource.id),
    type: keyword(resource.type),
    attributes: fields ? pickFields(resource.attributes, fields) : resource.attributes,
  };
  if (node.relationships.size > 0) {
    const relationships: Record<string, unknown> = {};
    for (const [name, value] of node.relationships)
      relationships[name] = { data: value === null ? null : Array.isArray(value) ? value.map(renderRef) : renderRef(value) };
    out.relationships = relationships;
  }
  return out;
};

/** `fields.user=profile.displayName,email`: only those attribute paths; a requested path with no value is null. */
export const pickFields = (attributes: Record<string, unknown>, paths: string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let source: unknown = attributes;
    let target = out;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i];
      const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[part] : undefined;
      if (i === parts.length - 1) {
        target[part] = value === undefined ? null : value;
      } else {
        if (value === null || value === undefined || typeof value !== 'object') {
          if (!(part in target)) target[part] = null;
          break;
        }
        if (target[part] === null || typeof target[part] !== 'object') target[part] = {};
        target = target[part] as Record<string, unknown>;
        source = value;
      }
    }
  }
  return out;
};
