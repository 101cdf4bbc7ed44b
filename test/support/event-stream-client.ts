import type { CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';

/** One Server-Sent Events message: `event` is `message` unless named; comments (heartbeats) are kept apart. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export const EVENT_STREAM = '/v1/integration_api/x-events/stream';

/** A client-credentials `integ` token of a marketplace's Integration API client. */
export const integTokenFor = async (baseUrl: string, marketplace: CreatedMarketplace): Promise<string> => {
  const { clientId, clientSecret } = marketplace.integrationClient;
  const res = await fetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'integ' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

/**
 * An SSE client as a browser's EventSource parses the stream (by hand: Node's fetch reading the body). It reads
 * only once `read()` is called, so a test can open a consumer that does not read.
 */
export const openEventStream = async (baseUrl: string, token: string | null, query = '', headers: Record<string, string> = {}) => {
  const aborter = new AbortController();
  const response = await fetch(`${baseUrl}${EVENT_STREAM}${query}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: aborter.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let closed = false;
  let reading: Promise<void> | null = null;
  const parse = (block: string) => {
    const message: SseMessage = { id: null, event: 'message', data: '' };
    let dispatch = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      const [, field, value] = /^([a-z]+): ?(.*)$/.exec(line) ?? [];
      if (field === 'id') message.id = value;
      if (field === 'event') message.event = value;
      if (field === 'data') {
        message.data += message.data ? `\n${value}` : value;
        dispatch = true;
      }
    }
    if (dispatch) messages.push(message);
  };
  const pump = async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      }
    } catch {
      // Aborted by close().
    }
    closed = true;
  };
  const events = () => messages.filter((m) => m.event === 'event').map((m) => ({ id: Number(m.id), data: JSON.parse(m.data) }));
  return {
    response,
    messages,
    comments,
    events,
    closed: () => closed,
    read(): Promise<void> {
      reading ??= pump();
      return reading;
    },
    async close(): Promise<void> {
      aborter.abort();
      await reading;
    },
  };
};

export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;
