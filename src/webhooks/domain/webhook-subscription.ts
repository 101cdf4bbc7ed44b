import { apiError, conflict, notFound } from '../../shared/api-error';
import type { Decider, DomainEvent } from '../../shared/decider';

/**
 * A webhook subscription: where a marketplace's events are pushed, which ones, and the nonces its signing secrets
 * are derived from (the secret itself is never stored: src/webhooks/webhook-secrets.ts). Internal events: they
 * never reach events/query, webhooks or the live stream.
 */
export interface SubscriptionSettings {
  targetUrl: string;
  /** events/query's `eventTypes` filter: exact types (`listing/created`) or bare resource types (`listing`); null: all. */
  eventTypes: string[] | null;
  /** 'json' (default) or 'transit': the body's format. */
  format: 'json' | 'transit';
}

export interface SigningKey {
  nonce: string;
  /** ISO time after which the key no longer signs (a rotated-out key during its overlap); null: current. */
  validUntil: string | null;
}

/**
 * Replays start a new cursor generation: the delivery cursor of generation g is the consumer checkpoint
 * `webhook:<id>:<g>`, which starts after `startAfterSequenceId`. Checkpoints never move backwards, so going back in
 * the log is a new cursor, never a rewind of the old one.
 */
export interface CursorGeneration {
  generation: number;
  startAfterSequenceId: number;
}

export type WebhookEvent =
  | DomainEvent<'webhook/subscription-added', SubscriptionSettings & { id: string; nonce: string; startAfterSequenceId: number; at: string }>
  | DomainEvent<'webhook/subscription-updated', Partial<SubscriptionSettings> & { enabled?: boolean; at: string }>
  | DomainEvent<'webhook/subscription-disabled', { reason: string; at: string }>
  | DomainEvent<'webhook/secret-rotated', { nonce: string; previousValidUntil: string; at: string }>
  | DomainEvent<'webhook/replay-requested', { generation: number; startAfterSequenceId: number; at: string }>
  | DomainEvent<'webhook/subscription-removed', { at: string }>;

export const SUBSCRIPTION_EVENT_TYPES: readonly WebhookEvent['type'][] = [
  'webhook/subscription-added',
  'webhook/subscription-updated',
  'webhook/subscription-disabled',
  'webhook/secret-rotated',
  'webhook/replay-requested',
  'webhook/subscription-removed',
];

export interface SubscriptionState extends SubscriptionSettings {
  exists: boolean;
  id: string;
  enabled: boolean;
  /** Why delivery disabled it (null when enabled or disabled by the operator). */
  disabledReason: string | null;
  disabledAt: string | null;
  keys: SigningKey[];
  cursor: CursorGeneration;
  createdAt: string;
}

export type SubscriptionCommand =
  | { type: 'add'; id: string; settings: SubscriptionSettings; nonce: string; startAfterSequenceId: number; now: Date }
  | { type: 'update'; settings: Partial<SubscriptionSettings>; enabled?: boolean; now: Date }
  | { type: 'disable-after-failures'; reason: string; now: Date }
  | { type: 'rotate-secret'; nonce: string; overlapMs: number; now: Date }
  | { type: 'replay'; startAfterSequenceId: number; now: Date }
  | { type: 'remove'; now: Date };

const initialState = (): SubscriptionState => ({
  exists: false,
  id: '',
  targetUrl: '',
  eventTypes: null,
  format: 'json',
  enabled: false,
  disabledReason: null,
  disabledAt: null,
  keys: [],
  cursor: { generation: 0, startAfterSequenceId: 0 },
  createdAt: '',
});

const evolve = (s: SubscriptionState, e: WebhookEvent): SubscriptionState => {
  switch (e.type) {
    case 'webhook/subscription-added':
      return {
        ...s,
        exists: true,
        id: e.data.id,
        targetUrl: e.data.targetUrl,
        eventTypes: e.data.eventTypes,
        format: e.data.format,
        enabled: true,
        keys: [{ nonce: e.data.nonce, validUntil: null }],
        cursor: { generation: 0, startAfterSequenceId: e.data.startAfterSequenceId },
        createdAt: e.data.at,
      };
    case 'webhook/subscription-updated': {
      const { at: _at, enabled, ...settings } = e.data;
      const reEnabled = enabled === true;
      return { ...s, ...settings, enabled: enabled ?? s.enabled, ...(reEnabled ? { disabledReason: null, disabledAt: null } : {}) };
    }
    case 'webhook/subscription-disabled':
      return { ...s, enabled: false, disabledReason: e.data.reason, disabledAt: e.data.at };
    case 'webhook/secret-rotated':
      return {
        ...s,
        // Only the current key keeps signing during the overlap; one older than that was already past its window.
        keys: [{ nonce: e.data.nonce, validUntil: null }, ...s.keys.filter((k) => k.validUntil === null).map((k) => ({ ...k, validUntil: e.data.previousValidUntil }))],
      };
    case 'webhook/replay-requested':
      return { ...s, cursor: { generation: e.data.generation, startAfterSequenceId: e.data.startAfterSequenceId } };
    case 'webhook/subscription-removed':
      return { ...s, exists: false, enabled: false };
  }
};

const decide = (c: SubscriptionCommand, s: SubscriptionState): WebhookEvent[] => {
  const at = c.now.toISOString();
  if (c.type === 'add') {
    if (s.exists || s.id) throw conflict('webhook-subscription-exists', 'A subscription with this id exists.');
    return [{ type: 'webhook/subscription-added', data: { id: c.id, ...c.settings, nonce: c.nonce, startAfterSequenceId: c.startAfterSequenceId, at } }];
  }
  if (!s.exists) throw notFound('No such webhook subscription.');
  switch (c.type) {
    case 'update': {
      const changed = Object.fromEntries(
        Object.entries(c.settings).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(s[k as keyof SubscriptionSettings])),
      ) as Partial<SubscriptionSettings>;
      const enabled = c.enabled !== undefined && c.enabled !== s.enabled ? { enabled: c.enabled } : {};
      if (Object.keys(changed).length === 0 && !('enabled' in enabled)) return [];
      return [{ type: 'webhook/subscription-updated', data: { ...changed, ...enabled, at } }];
    }
    case 'disable-after-failures':
      if (!s.enabled) return [];
      return [{ type: 'webhook/subscription-disabled', data: { reason: c.reason, at } }];
    case 'rotate-secret':
      return [{ type: 'webhook/secret-rotated', data: { nonce: c.nonce, previousValidUntil: new Date(c.now.getTime() + c.overlapMs).toISOString(), at } }];
    case 'replay':
      if (c.startAfterSequenceId < 0) throw apiError(400, 'validation-invalid-value', 'startAfterSequenceId must not be negative.');
      return [{ type: 'webhook/replay-requested', data: { generation: s.cursor.generation + 1, startAfterSequenceId: c.startAfterSequenceId, at } }];
    case 'remove':
      return [{ type: 'webhook/subscription-removed', data: { at } }];
  }
};

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionState, WebhookEvent> = { initialState, evolve, decide };

/** The keys that sign at `now`: the current one, and a rotated-out one until its overlap ends. */
export const signingKeysAt = (s: Pick<SubscriptionState, 'keys'>, now: Date): SigningKey[] =>
  s.keys.filter((k) => k.validUntil === null || new Date(k.validUntil).getTime() > now.getTime());

/** The consumer checkpoint of a subscription's cursor generation. */
export const cursorName = (subscriptionId: string, generation: number): string => `webhook:${subscriptionId}:${generation}`;
export const CURSOR_PREFIX = 'webhook:';
