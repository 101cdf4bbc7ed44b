import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { encodeEventView } from '../events/event-view.encoding';
import type { RecordedEvent } from '../event-store/event-store.port';
import { RESPONSE_EXCERPT_BYTES, DeliveryOutcome } from './domain/delivery-attempt';
import { checkedLookup, checkTargetAddresses, isPrivateAddress, TargetRefused } from './target-policy';
import { signatureHeader } from './webhook-secrets';

export interface Delivery {
  targetUrl: string;
  format: 'json' | 'transit';
  /** The signing keys valid now (two during a rotation's overlap). */
  keys: Buffer[];
}

export interface SendResult {
  outcome: DeliveryOutcome;
  status: number | null;
  latencyMs: number;
  excerpt: string;
}

/** The body: the `event` resource as events/query shows it, in a single-resource envelope (`{data: event}`). */
export const deliveryBody = (event: Pick<RecordedEvent, 'id' | 'type' | 'position' | 'metadata'>, format: 'json' | 'transit'): Buffer =>
  Buffer.from(format === 'json' ? `{"data":${encodeEventView(event, 'json')}}` : `["^ ","data",${encodeEventView(event, 'transit')}]`);

const CONTENT_TYPES = { json: 'application/json', transit: 'application/transit+json' };

/**
 * POSTs one signed message. Redirects are never followed (undici's `request` does not), the whole exchange is
 * bounded by `timeoutMs`, at most RESPONSE_EXCERPT_BYTES of the answer are read, and every address is checked
 * when connecting (target-policy.ts). Never throws: every ending is a result for the delivery log.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly options: { allowPrivate: boolean; timeoutMs: number },
  ) {
    this.agent = new Agent({ connect: { lookup: checkedLookup(options.allowPrivate) as never }, keepAliveTimeout: 10_000, connections: 4 });
  }

  async send(delivery: Delivery, messageId: string, body: Buffer): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const host = new URL(delivery.targetUrl).hostname.replace(/^\[|\]$/g, '');
      if (!this.options.allowPrivate && isIP(host) && isPrivateAddress(host)) await checkTargetAddresses(delivery.targetUrl, false);
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await request(delivery.targetUrl, {
        method: 'POST',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: {
          'content-type': CONTENT_TYPES[delivery.format],
          'user-agent': 'marketplace-server-webhooks',
          'webhook-id': messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(delivery.keys, messageId, timestamp, body),
        },
        body,
      });
      const excerpt = await readExcerpt(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { outcome: ok ? 'acknowledged' : 'failed', status: response.statusCode, latencyMs: elapsed(), excerpt };
    } catch (error) {
      const refused = error instanceof TargetRefused || (error as { cause?: unknown }).cause instanceof TargetRefused;
      const timeout = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      const message = refused ? messageOf((error as { cause?: unknown }).cause ?? error) : timeout ? `no answer within ${this.options.timeoutMs} ms` : messageOf(error);
      return { outcome: refused ? 'refused' : timeout ? 'timeout' : 'failed', status: null, latencyMs: elapsed(), excerpt: message.slice(0, RESPONSE_EXCERPT_BYTES) };
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }
}

/** Reads the start of the answer and drops the rest (a receiver cannot make the server read a large body). */
const readExcerpt = async (body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut short is still an answer: its status decides.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
};

const messageOf = (error: unknown): string => {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  return [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(': ') || String(error);
};
