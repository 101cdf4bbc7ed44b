import { arrayOf, boolean, enumOf, integer, nullable, objectOf, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/** The answer shapes of x-assets (assets.operator.controller.ts): a version's id is its `version` attribute. */
export const ASSET_VERSION_SCHEMA = resourceSchema('assetVersion', {
  version: string,
  number: integer,
  publishedAt: timestamp,
  added: integer,
  modified: integer,
  removed: integer,
  files: integer,
  latest: boolean,
});

export const ASSET_TREE_SCHEMA = resourceSchema('assetTree', {
  version: string,
  number: integer,
  publishedAt: timestamp,
  files: arrayOf(objectOf({ path: string, kind: enumOf('json', 'image'), hash: string, changedIn: string })),
});

export const ASSET_FILE_SCHEMA = resourceSchema('assetFile', { path: string, version: string, hash: string, text: string });

export const ASSET_PUBLICATION_SCHEMA = resourceSchema('assetPublication', {
  published: boolean,
  version: nullable(string),
  number: integer,
  added: arrayOf(string),
  modified: arrayOf(string),
  removed: arrayOf(string),
  unchanged: integer,
});
