import type { AppendHooks, AppendResult, StreamAppend } from '../event-store/event-store.port';
import type { Infrastructure } from '../infrastructure/composition-root';
import { serviceMetrics } from './service-metrics';

describe('service metrics', () => {
  it('times appends without keeping their hooks from the store', async () => {
    const result: AppendResult = { position: 1, revisions: { s: 0 }, events: [] };
    const events = {
      append: async (_appends: StreamAppend[], hooks?: AppendHooks) => {
        hooks?.committed?.(result);
        return result;
      },
      headPosition: async () => 1,
    };
    const metrics = serviceMetrics({ events } as unknown as Infrastructure);
    const committed: AppendResult[] = [];
    await events.append([{ streamId: 's', expectedRevision: 'no_stream', events: [] }], { committed: (r) => committed.push(r) });
    expect(committed).toEqual([result]);
    expect(await metrics.registry.getSingleMetricAsString('event_store_append_duration_seconds')).toContain('event_store_append_duration_seconds_count{outcome="ok"} 1');
  });
});
