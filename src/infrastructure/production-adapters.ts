/**
 * The adapters of services a deployment may configure (KurrentDB, Elasticsearch, S3, SMTP), loaded by a process
 * only when its configuration names them. Their clients (gRPC with protobuf, Elasticsearch's transport, the AWS
 * SDK, nodemailer) took about a second to load, which every server start, every CLI command and every process a
 * test spawns paid, while few deployments use any of them. `require` at the call, typed by the module it loads: a
 * static import would load them with this file.
 */
type KurrentDb = typeof import('../event-store/kurrentdb-event-store') &
  typeof import('../event-sourcing/kurrentdb-consumer-checkpoints') &
  typeof import('../event-sourcing/kurrentdb-worker-leases');
type Elasticsearch = typeof import('../read-models/elasticsearch-document-store') &
  typeof import('../search/elasticsearch-listing-search') &
  typeof import('../../projections/elasticsearch-rebuild-beside');

export const kurrentDb = (): KurrentDb => ({
  ...(require('../event-store/kurrentdb-event-store') as typeof import('../event-store/kurrentdb-event-store')),
  ...(require('../event-sourcing/kurrentdb-consumer-checkpoints') as typeof import('../event-sourcing/kurrentdb-consumer-checkpoints')),
  ...(require('../event-sourcing/kurrentdb-worker-leases') as typeof import('../event-sourcing/kurrentdb-worker-leases')),
});

export const elasticsearch = (): Elasticsearch => ({
  ...(require('../read-models/elasticsearch-document-store') as typeof import('../read-models/elasticsearch-document-store')),
  ...(require('../search/elasticsearch-listing-search') as typeof import('../search/elasticsearch-listing-search')),
  ...(require('../../projections/elasticsearch-rebuild-beside') as typeof import('../../projections/elasticsearch-rebuild-beside')),
});

export const s3 = (): typeof import('../blobs/s3-blob-store') => require('../blobs/s3-blob-store') as typeof import('../blobs/s3-blob-store');

export const smtp = (): typeof import('../mail/smtp-mailer') => require('../mail/smtp-mailer') as typeof import('../mail/smtp-mailer');
