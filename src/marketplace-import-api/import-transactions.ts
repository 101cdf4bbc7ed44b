import { availabilityStream } from '../availability/availability-streams';
import { jobStream } from '../event-sourcing/scheduled-job';
import { stockStream } from '../stock/stock-streams';
import { jobEvents } from '../transactions/decisions/transaction-jobs';
import type { TransactionStates } from '../transactions/decisions/transaction-decision';
import { delayedJobId } from '../transactions/domain/delayed-transitions';
import { latestVersion, versionOf, type ProcessVersion } from '../transactions/domain/process.decider';
import { DEFAULT_PROCESS_NAMES } from '../transactions/process-files';
import { processStream, transactionStream } from '../transactions/transaction-streams';
import type { StreamRef } from '../event-sourcing/stream-model';
import type { TransactionEvent } from '../transactions/domain/transaction.events';
import type { TransactionState } from '../transactions/domain/transaction.state';
import { countOf, type ApiImportReport } from './import-report';
import { ImportTarget, runImport } from './import-target';
import { relatedId } from './included';
import type { ApiPage, ApiResource, SourceApi } from './source-api';
import { transactionHistory } from './transaction-history';

const DEFAULT_NAMES: ReadonlySet<string> = new Set(DEFAULT_PROCESS_NAMES);

/**
 * The process a source transaction runs on here: the same name and version when this marketplace has it; for the
 * five default processes, whose definitions are the platform's own, the version here under their name. A process
 * the Integration API cannot show (a custom one) is not guessed.
 */
const processFor = async (target: ImportTarget, name: string, version: number): Promise<ProcessVersion | null> => {
  const state = await target.runner.state(processStream(target.marketplaceId, name));
  return versionOf(state, version) ?? (DEFAULT_NAMES.has(name) ? latestVersion(state) : null);
};

/** When a transaction event happened, from its data (a booking or a review's publication: with what came before). */
const timeOf = (event: TransactionEvent): string | undefined => {
  const data = event.data as { at?: string; createdAt?: string };
  return data.at ?? data.createdAt;
};

/**
 * A transaction's stream whose events carry each its own time in events/query, not the one time of the decision
 * that recreates the whole history at once.
 */
const atOwnTimes = (ref: StreamRef<TransactionState, TransactionEvent>): StreamRef<TransactionState, TransactionEvent> => ({
  ...ref,
  publish: (ctx, before, events) => {
    let last = ctx.now.toISOString();
    return ref.publish(ctx, before, events).map((published, i) => {
      last = timeOf(events[i]) ?? last;
      return { ...published, metadata: { ...published.metadata, createdAt: last } };
    });
  },
});

/**
 * One transaction in one decision: its stream, the seats its booking holds, its stock reservation, and the job of
 * its next delayed transition (a completion due after the booking, an expiry), which the scheduler here runs as the
 * source would have.
 */
const importTransaction = async (target: ImportTarget, source: SourceApi, tx: ApiResource, page: ApiPage, process: ProcessVersion): Promise<{ imported: boolean } | { skipped: string }> => {
  const messages: ApiResource[] = [];
  // Every message, page by page: a transaction's included messages may be cut short.
  for await (const found of source.all('messages/query', { transactionId: tx.id, include: 'sender' })) messages.push(...found.data);
  const history = transactionHistory(tx, page, messages, process);
  if ('unknownTransition' in history) return { skipped: `transition ${history.unknownTransition} is not in process ${tx.attributes.processName} here` };
  const listingId = relatedId(tx, 'listing')!;
  const mp = target.marketplaceId;
  const streams = {
    tx: atOwnTimes(transactionStream(mp, tx.id)),
    availability: availabilityStream(mp, listingId),
    stock: stockStream(mp, listingId),
    nextJob: jobStream(mp, delayedJobId(tx.id, (tx.attributes.transitions as unknown[]).length)),
  };
  const imported = await runImport(target, `transaction/${tx.id}`, new Date(tx.attributes.createdAt), streams, (s) => {
    if (s.tx.exists) return {};
    const now = new Date(tx.attributes.lastTransitionedAt ?? tx.attributes.createdAt);
    const jobs = jobEvents({ nextJob: s.nextJob } as TransactionStates, process.definition, s.tx, history.tx, now);
    return { tx: history.tx, availability: history.seats, stock: history.stock, ...(jobs.nextJob ? { nextJob: jobs.nextJob } : {}) };
  });
  return { imported };
};

/** Every transaction with its transitions, booking, stock reservation, messages (messages/query) and reviews. */
export const importTransactions = async (target: ImportTarget, source: SourceApi, report: ApiImportReport): Promise<void> => {
  const count = countOf(report, 'transactions');
  const remapped = new Set<string>();
  for await (const page of source.all('transactions/query', { include: 'listing,customer,provider,booking,stockReservation,reviews,reviews.author,reviews.subject' })) {
    for (const tx of page.data) {
      if ((await target.runner.state(transactionStream(target.marketplaceId, tx.id))).exists) {
        count.existing += 1;
        continue;
      }
      const { processName, processVersion } = tx.attributes;
      const process = await processFor(target, processName, processVersion);
      const outcome = process ? await importTransaction(target, source, tx, page, process) : { skipped: `process ${processName} version ${processVersion} is not readable through the API and is not one of the five default processes` };
      if (process && process.version !== processVersion) remapped.add(`${processName} version ${processVersion} → ${process.version}`);
      if ('skipped' in outcome) count.skipped.push({ id: tx.id, reason: outcome.skipped });
      else if (outcome.imported) count.imported += 1;
      else count.existing += 1;
    }
  }
  for (const mapping of remapped)
    report.notMoved.push(`process ${mapping}: the source's version is not readable through the API; its transactions run on this marketplace's version of the default process of that name.`);
};
