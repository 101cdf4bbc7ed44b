import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IsDefined, IsObject, IsOptional, IsString, Length, Matches } from 'class-validator';
import { OPERATOR_SESSION_CHECK, type OperatorSessionCheck } from '../../auth/operator-session-check';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { paginationMeta } from '../../http/common-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ASSET_FILE_SCHEMA, ASSET_PUBLICATION_SCHEMA, ASSET_TREE_SCHEMA, ASSET_VERSION_SCHEMA } from './asset.schemas';
import { uuidNamedBy } from '../../shared/ids';
import { notFound } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { filesOf, treeAt, versionHistory } from '../asset-history';
import type { PublicationSummary } from '../asset-publication';
import { jsonBlob } from '../asset-trees';
import { PublishAssetsCommand } from '../commands/publish-assets.handler';
import type { AssetTreeState } from '../domain/asset-tree.decider';

/** An asset path as the Asset Delivery API names them: `content/pages/landing-page.json` (a leading `/` or not). */
const ASSET_PATH = /^\/?[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\.json$/;

/** The tree keys its files by their absolute path (`/content/footer.json`). */
const treeKey = (path: string) => (path.startsWith('/') ? path : `/${path}`);

export class AssetTreeQuery {
  @IsOptional() @IsString() @Length(1, 100) version?: string;
}

export class AssetFileQuery {
  @IsDefined() @IsString() @Length(1, 500) @Matches(ASSET_PATH, { message: 'path must be a JSON asset path, e.g. content/pages/landing-page.json' }) path!: string;
  @IsOptional() @IsString() @Length(1, 100) version?: string;
}

export class UpdateJsonAssetBody {
  @IsDefined() @IsString() @Length(1, 500) @Matches(ASSET_PATH, { message: 'path must be a JSON asset path, e.g. content/pages/landing-page.json' }) path!: string;
  @IsDefined() @IsObject() content!: Record<string, unknown>;
}

const fileEntries = (tree: AssetTreeState) =>
  Object.values(tree.files)
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((f) => ({ path: f.path, kind: f.kind, hash: f.hash, changedIn: f.changedIn }));

/**
 * x-assets: the asset tree for the operator console, beside the Asset Delivery API's (what the CLI's `assets list`,
 * `pull` and `push` do): the versions, a version's files (path, kind, content hash: a diff of two versions compares
 * them), a JSON asset's text, and publishing a changed JSON asset as a new version (the other files as they are).
 * Reading is for any Integration API token of the marketplace (the tree is public through the Asset Delivery API);
 * publishing is for console operators, and the new version's event names them.
 */
@Controller('v1/integration_api/x-assets')
export class AssetsOperatorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly respond: Responder,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(OPERATOR_SESSION_CHECK) private readonly operators: OperatorSessionCheck,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('versions', INTEGRATION_TOKEN, { paginated: true, returns: [ASSET_VERSION_SCHEMA], summary: "The asset tree's versions, newest first" })
  async versions(@Api() api: ApiRequest) {
    const newestFirst = (await versionHistory(this.events, api.auth.marketplaceId)).reverse();
    const { page, perPage } = api.common;
    const resources = newestFirst.slice((page - 1) * perPage, page * perPage).map((v) => ({ id: uuidNamedBy(`asset-version/${v.version}`), type: 'assetVersion', attributes: { ...v, publishedAt: new Date(v.publishedAt) } }));
    return this.respond.many(api, resources, paginationMeta(newestFirst.length, api.common));
  }

  @ApiQuery('tree', INTEGRATION_TOKEN, { query: AssetTreeQuery, returns: ASSET_TREE_SCHEMA, summary: "A version's files (default: the latest)" })
  async tree(@Api() api: ApiRequest) {
    const q = queryOf(api, AssetTreeQuery);
    const tree = await this.treeOf(api, q.version);
    return this.respond.one(api, { id: uuidNamedBy(`asset-version/${tree.version}`), type: 'assetTree', attributes: { version: tree.version, number: tree.number, publishedAt: new Date(tree.publishedAt!), files: fileEntries(tree) } });
  }

  @ApiQuery('file', INTEGRATION_TOKEN, { query: AssetFileQuery, returns: ASSET_FILE_SCHEMA, summary: "A JSON asset's text in a version" })
  async file(@Api() api: ApiRequest) {
    const q = queryOf(api, AssetFileQuery);
    const tree = await this.treeOf(api, q.version);
    const file = tree.files[treeKey(q.path)];
    if (!file || file.kind !== 'json') throw notFound(`Version ${tree.version} has no JSON asset ${q.path}.`);
    const json = file.json ?? (await jsonBlob(this.blobs, api.auth.marketplaceId, file.hash));
    return this.respond.one(api, { id: uuidNamedBy(`asset-file/${tree.version}/${file.path}`), type: 'assetFile', attributes: { path: file.path, version: tree.version, hash: file.hash, text: `${JSON.stringify(JSON.parse(json), null, 2)}\n` } });
  }

  /** A new version with one JSON asset changed or added; every other file as the latest version has it. */
  @ApiCommand('update_json', INTEGRATION_TOKEN, { body: UpdateJsonAssetBody, returns: ASSET_PUBLICATION_SCHEMA, summary: 'Publishes a new version with one JSON asset changed (console operators)' })
  async updateJson(@Api() api: ApiRequest) {
    const body = bodyOf(api, UpdateJsonAssetBody);
    await this.operators.assertOperator(api.auth, 'marketplace');
    const latest = await treeAt(this.events, api.auth.marketplaceId);
    const path = treeKey(body.path);
    const others = latest ? (await filesOf(latest, api.auth.marketplaceId, this.blobs)).filter((f) => f.path !== path) : [];
    const sources = [...others, { path, data: Buffer.from(JSON.stringify(body.content, null, 2)) }];
    const summary = await this.commands.execute<PublishAssetsCommand, PublicationSummary>(
      new PublishAssetsCommand(api.auth.marketplaceId, sources, { ctx: commandContextOf(api, this.clock) }),
    );
    return this.respond.command(api, { id: uuidNamedBy(`asset-publication/${api.auth.marketplaceId}/${summary.version}/${summary.number}`), type: 'assetPublication', attributes: { ...summary } });
  }

  private async treeOf(api: ApiRequest, version: string | undefined): Promise<AssetTreeState> {
    const tree = await treeAt(this.events, api.auth.marketplaceId, version);
    if (!tree || tree.version === null) throw notFound(version ? `No asset version ${version}.` : 'No asset version is published.');
    return tree;
  }
}
