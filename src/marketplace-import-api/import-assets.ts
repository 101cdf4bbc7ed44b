import { readAssetFolder } from '../assets/asset-folder';
import type { SourceFile } from '../assets/asset-preparation';
import { STARTER_FOLDER } from '../assets/starter-tree';
import type { PublicationSummary } from '../assets/asset-publication';
import { searchSchemasForTree } from '../assets/starter-search-schemas';
import { searchSchemaSetEvents } from '../marketplaces/commands/create-marketplace.handler';
import { schemaStream } from '../search-schemas/commands/search-schema.handlers';
import { countOf, type ApiImportReport } from './import-report';
import { ImportTarget, runImport } from './import-target';
import type { ApiResource, SourceApi } from './source-api';

/** Where the source's Asset Delivery API answers, and the client id that opens its assets there. */
export interface AssetSource {
  baseUrl: string;
  clientId: string;
  /** Paths to read besides the Web Template's (custom JSON assets of the source's front end). */
  extraPaths: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface ImageAssetVariant {
  width: number;
  height: number;
  url: string;
}

/**
 * The Asset Delivery API lists nothing: an asset is read by its path. These are the paths the Web Template reads,
 * which are the paths of this server's starter tree; pages (`content/pages/<id>.json`) are found from the links
 * of the assets read (`/p/<id>`), and `--asset-path` names any other.
 */
const knownPaths = async (extra: string[]): Promise<string[]> => [
  ...new Set([...(await readAssetFolder(STARTER_FOLDER)).map((f) => f.path).filter((p) => p.endsWith('.json')), ...extra.map((p) => `/${p.replace(/^\/+/, '')}`)]),
];
const PAGE_LINK = /^\/p\/([a-z0-9][a-z0-9_-]*)$/i;

const linkedPages = (value: Json, found: Set<string>): void => {
  if (typeof value === 'string') {
    const page = PAGE_LINK.exec(value);
    if (page) found.add(`/content/pages/${page[1]}.json`);
  } else if (Array.isArray(value)) value.forEach((v) => linkedPages(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => linkedPages(v, found));
};

/**
 * An image reference as a pushed file writes it: its path and variants. This server serves both in the reference;
 * from a server that serves only the id, the included image gives the path, and each variant's delivered size,
 * cut to exactly that size, renders the same variant.
 */
const pushedRefs = (value: Json, images: Map<string, ApiResource>): Json => {
  if (Array.isArray(value)) return value.map((v) => pushedRefs(v, images));
  if (!value || typeof value !== 'object') return value;
  const ref = value._ref as Record<string, any> | undefined;
  if (!ref || ref.type !== 'imageAsset') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pushedRefs(v, images)]));
  const included = images.get(ref.id);
  const delivered = (included?.attributes.variants ?? {}) as Record<string, ImageAssetVariant>;
  const variants = ref.variants ?? Object.fromEntries(Object.entries(delivered).map(([name, v]) => [name, { width: v.width, height: v.height, fit: 'crop' }]));
  return { _ref: { type: 'imageAsset', path: ref.path ?? included?.attributes.assetPath, variants } };
};

const largest = (image: ApiResource): ImageAssetVariant | undefined =>
  (Object.values(image.attributes.variants ?? {}) as ImageAssetVariant[]).sort((a, b) => b.width * b.height - a.width * a.height)[0];

/**
 * The source's asset tree by its `latest` alias, published here as one new version (none when it is the tree here
 * already). Images are the largest variant the source delivers (the originals are not served).
 */
export const importAssets = async (
  target: ImportTarget,
  source: SourceApi,
  assets: AssetSource,
  publish: (files: SourceFile[]) => Promise<PublicationSummary>,
  report: ApiImportReport,
): Promise<void> => {
  const count = countOf(report, 'assets');
  const files = new Map<string, Buffer>();
  const images = new Map<string, ApiResource>();
  const read = async (path: string): Promise<void> => {
    const url = `${assets.baseUrl.replace(/\/+$/, '')}/v1/assets/pub/${assets.clientId}/a/latest${path}`;
    const answer = await source.download(url);
    if (!answer) return;
    const body = JSON.parse(answer.data.toString('utf8')) as { data: Json; included?: ApiResource[] };
    for (const image of body.included ?? []) images.set(image.id, image);
    files.set(path, Buffer.from(JSON.stringify(body.data)));
    const pages = new Set<string>();
    linkedPages(body.data, pages);
    for (const page of pages) if (!files.has(page)) await read(page);
  };
  for (const path of await knownPaths(assets.extraPaths)) if (!files.has(path)) await read(path);
  if (files.size === 0) {
    count.skipped.push({ id: 'asset tree', reason: `no asset readable at ${assets.baseUrl} with client id ${assets.clientId} (give the source's Marketplace API client id with --asset-client-id, its CDN with --asset-base-url)` });
    return;
  }
  const sources: SourceFile[] = [...files].map(([path, data]) => ({ path, data: Buffer.from(JSON.stringify(pushedRefs(JSON.parse(data.toString('utf8')), images), null, 2)) }));
  for (const image of images.values()) {
    const variant = largest(image);
    const bytes = variant && (await source.download(variant.url));
    if (bytes) sources.push({ path: image.attributes.assetPath, data: bytes.data });
    else count.skipped.push({ id: image.attributes.assetPath, reason: 'no variant of the image could be read' });
  }
  const published = await publish(sources);
  count.imported += published.added.length + published.modified.length;
  count.existing += sources.length - published.added.length - published.modified.length;
  // The search schemas the tree's filters need, as a new marketplace gets them from its starter tree: the source's
  // own schemas are not readable through the API, its listing fields say which are searched.
  const schemas = searchSchemasForTree(sources, 'imported tree');
  await runImport(target, 'search-schemas', new Date(target.importedAt), { schemas: schemaStream(target.marketplaceId) }, (s) => ({ schemas: searchSchemaSetEvents(schemas, s.schemas) }));
};
