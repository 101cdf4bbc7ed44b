import type { EventStore, ReadAllOptions, RecordedEvent } from './event-store.port';

/**
 * The log forward from `options.after`, one `readAll` page of `options.limit` events at a time, until a short page:
 * for readers that go through a marketplace's whole history (export, removal, reports) in bounded memory.
 */
export async function* logPages(log: Pick<EventStore, 'readAll'>, options: ReadAllOptions): AsyncGenerator<RecordedEvent[]> {
  for (let after = options.after ?? 0; ; ) {
    const page = await log.readAll({ ...options, after });
    if (page.length > 0) yield page;
    if (page.length < options.limit) return;
    after = page[page.length - 1].position;
  }
}
