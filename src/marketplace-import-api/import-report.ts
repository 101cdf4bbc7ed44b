/** What happened to one kind of resource: recreated now, found from an earlier run, or left out (with why). */
export interface ResourceCount {
  imported: number;
  existing: number;
  skipped: Array<{ id: string; reason: string }>;
}

/** The import's account, printed at the end and written as JSON with --report <file>. */
export interface ApiImportReport {
  marketplaceId: string;
  sourceMarketplaceId: string;
  sourceBaseUrl: string;
  /** Set on the first run, which created the marketplace and its API applications (the secrets are shown only then). */
  createdClients: Array<{ kind: string; clientId: string; clientSecret: string }> | null;
  resources: Record<string, ResourceCount>;
  /** Users whose payout account (Stripe Connect) is at the payment provider: it stays there. */
  paymentAccountUsers: string[];
  /** What cannot move through an API, and what to do about it. */
  notMoved: string[];
  requests: number;
  throttled: number;
  waitedSeconds: number;
  seconds: number;
}

export const newReport = (base: Pick<ApiImportReport, 'marketplaceId' | 'sourceMarketplaceId' | 'sourceBaseUrl'>): ApiImportReport => ({
  ...base,
  createdClients: null,
  resources: {},
  paymentAccountUsers: [],
  notMoved: [],
  requests: 0,
  throttled: 0,
  waitedSeconds: 0,
  seconds: 0,
});

export const countOf = (report: ApiImportReport, type: string): ResourceCount => (report.resources[type] ??= { imported: 0, existing: 0, skipped: [] });

/** One line per resource type, then what did not move: for the operator. */
export const reportText = (report: ApiImportReport): string =>
  [
    `Imported ${report.sourceBaseUrl} (marketplace ${report.sourceMarketplaceId}) as marketplace ${report.marketplaceId} in ${report.seconds.toFixed(1)} s (${report.requests} requests to the source${report.throttled > 0 ? `, ${report.throttled} answered 429 and waited out for ${report.waitedSeconds.toFixed(1)} s` : ''}).`,
    ...(report.createdClients ?? []).map((c) => `  new ${c.kind} API application: client id ${c.clientId}, secret ${c.clientSecret} (shown once)`),
    ...Object.entries(report.resources).map(
      ([type, c]) => `  ${type}: ${c.imported} imported, ${c.existing} already here${c.skipped.length > 0 ? `, ${c.skipped.length} skipped` : ''}`,
    ),
    ...Object.entries(report.resources).flatMap(([type, c]) => c.skipped.map((s) => `  skipped ${type} ${s.id}: ${s.reason}`)),
    ...report.notMoved.map((line) => `  not moved: ${line}`),
  ].join('\n');
