/**
 * Layering rules (docs/architecture.md, Layout), checked by `npm run lint:deps` (part of `npm test`).
 *
 * Violations that are known and waiting for a fix are listed in .dependency-cruiser-known-violations.json
 * (made with `npx depcruise src projections --config .dependency-cruiser.js --output-type baseline`); they are
 * reported as ignored, not as errors (`--no-ignore-known` lists them). Remove an entry once its import is fixed;
 * never add one for new code.
 */

/** Bounded contexts: business folders under src/. The rest (event-store, read-models, event-sourcing,
 * infrastructure, http, shared, cli) is the platform they run on. */
const CONTEXTS = '(auth|marketplaces|users|listings|images|assets|events|search-schemas|search|blobs|mail|payments|availability|stock|transactions|webhooks)';

/** Tests may wire anything (in-memory stores, adapters, HTTP helpers): the rules are about production code. */
const TESTS = ['\\.spec\\.ts$', '^test/'];

/** Adapters of the ports: the one place that knows SQLite, KurrentDB, Elasticsearch, S3, the file system or SMTP. */
const ADAPTERS = [
  '^src/.+/(sqlite|kurrentdb|elasticsearch|postgres)-[^/]+\\.ts$',
  '^src/blobs/(filesystem|s3)-blob-store\\.ts$',
  '^src/mail/(outbox|smtp)-mailer\\.ts$',
  // The search read model extends the document-store adapters with the search adapters (one per engine).
  '^src/search/search-read-model\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        "A context's domain/ (events, state, deciders, views) uses only its own domain, the shared kernel and other contexts' domain types (next rule), so it stays pure and testable without Nest, stores or HTTP.",
      severity: 'error',
      from: { path: '^src/[^/]+/domain/', pathNot: TESTS },
      to: { dependencyTypes: ['local'], pathNot: ['^src/shared/', '^src/[^/]+/domain/'] },
    },
    {
      name: 'domain-reads-other-domains-by-type-only',
      comment:
        "A domain may name another context's domain types (users' permissions read MarketplaceSettings) but never run its code: type-only imports only.",
      severity: 'error',
      from: { path: '^src/([^/]+)/domain/', pathNot: TESTS },
      to: { path: '^src/[^/]+/domain/', pathNot: '^src/$1/domain/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-uses-no-packages',
      comment:
        'No framework, driver or I/O package in a domain; node:crypto is allowed because hashing a value (email guard keys, asset digests) is a pure computation, luxon because time-zone rules (availability plans in wall-clock time) are one too, and immutable because a persistent map is a value.',
      severity: 'error',
      from: { path: '^src/[^/]+/domain/', pathNot: TESTS },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '^crypto$|^node_modules/luxon/|^node_modules/immutable/' },
    },
    {
      name: 'shared-kernel-is-the-bottom',
      comment:
        'src/shared (values, errors, codecs, event shapes) depends on nothing else in the service and does no I/O, so every layer (event store included) can use it without a cycle.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { dependencyTypesNot: ['npm', 'core'], pathNot: '^src/shared/' },
    },
    {
      name: 'shared-kernel-does-no-io',
      comment: 'The shared kernel may use only transit-js (the codec) and node:crypto (ids, digests): no file system, network or driver.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'core'], pathNot: ['^node_modules/transit-js/', '^crypto$'] },
    },
    {
      name: 'http-depends-on-application',
      comment:
        'HTTP is the outer layer: only the convention layer, controllers (<context>/http), the server and the Nest modules that register controllers import it; commands, queries, domain, projections and services never do.',
      severity: 'error',
      from: {
        pathNot: [
          '^src/http/',
          '^src/[^/]+/http/',
          '^src/server\\.ts$',
          // The process: main.ts owns the listener and the application it serves (served-application.ts).
          '^src/main\\.ts$',
          '^src/served-application\\.ts$',
          '^src/app\\.module\\.ts$',
          // Configuration is part of the composition root: it parses the HTTP rate-limit policy from the environment.
          '^src/config\\.ts$',
          // A Nest module lists its controllers and binds providers to HTTP tokens: composition, not use.
          '^src/[^/]+\\.module\\.ts$',
          '^src/[^/]+/[^/]+\\.module\\.ts$',
          ...TESTS,
        ],
      },
      to: { path: ['^src/http/', '^src/[^/]+/http/'] },
    },
    {
      name: 'contexts-through-their-exports',
      comment:
        "Another context is used through its domain/, its command and query messages (commands/, queries/), its ports (*.port.ts), its Nest module and its top-level services; never its controllers and DTOs (http/) or its projection internals (*.projection.ts: collections, row shapes), which it may change freely.",
      severity: 'error',
      from: { path: `^src/${CONTEXTS}/`, pathNot: TESTS },
      to: {
        path: [`^src/${CONTEXTS}/http/`, `^src/${CONTEXTS}/[^/]+\\.projection\\.ts$`],
        pathNot: '^src/$1/',
      },
    },
    {
      name: 'adapters-only-in-composition-root',
      comment:
        'Adapters are chosen by configuration in one place: the composition root (src/infrastructure, and src/config.ts for their options), the projection engines and rebuild (projections/), the CLI, other adapters and tests; everything else sees the ports.',
      severity: 'error',
      from: { pathNot: ['^src/infrastructure/', '^src/config\\.ts$', '^projections/', '^src/cli/', ...ADAPTERS, ...TESTS] },
      to: { path: ADAPTERS },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make start-up order and layering accidental; every dependency in src/ goes one way.',
      severity: 'error',
      from: { path: '^(src|projections)/', pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a domain that names an HTTP type depends on HTTP all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Loaded here so that `npm run lint:deps` is the plain command; `--no-ignore-known` shows them again.
    knownViolations: process.argv.includes('--no-ignore-known') ? [] : require('./.dependency-cruiser-known-violations.json'),
    reporterOptions: { text: { highlightFocused: true } },
  },
};
