/**
 * A transaction process as data: the platform's `process.edn` (`:format :v3`) after parsing and validation.
 * Names keep their namespace as the API shows them: `transition/inquire`, `state/inquiry`, `action/update-protected-data`.
 */

export type ActorRole = 'customer' | 'provider' | 'operator';
/** Who ran a transition, as `transitions[].by` shows it: a delayed (`:at`) transition is the system's. */
export type TransitionActor = ActorRole | 'system';

/** A time expression (`:at`): a one-key map `{:fn/x [args]}`, nestable. */
export type TimeExpression =
  | { fn: 'timepoint'; timepoint: string; arg: string | null }
  | { fn: 'period'; period: string }
  | { fn: 'plus' | 'minus'; base: TimeExpression; periods: TimeExpression[] }
  | { fn: 'min'; args: TimeExpression[] }
  | { fn: 'ignore-if-past'; arg: TimeExpression };

export interface ActionSpec {
  name: string;
  config: Record<string, unknown>;
}

export interface TransitionSpec {
  name: string;
  /** Null for an initial transition (`transactions/initiate`). */
  from: string | null;
  to: string;
  actor: ActorRole | null;
  at: TimeExpression | null;
  actions: ActionSpec[];
  privileged: boolean;
}

export interface NotificationSpec {
  name: string;
  on: string;
  to: 'customer' | 'provider';
  template: string;
  at: TimeExpression | null;
}

export interface ProcessDefinition {
  format: 'v3';
  transitions: TransitionSpec[];
  notifications: NotificationSpec[];
}

/** An email template of a process: `templates/<name>/<name>-html.html` and `<name>-subject.txt`. */
export interface EmailTemplate {
  html: string;
  subject: string;
}

export type EmailTemplates = Record<string, EmailTemplate>;

/** Actions a transition may only run in a trusted context: `:privileged? true` or the operator's transitions. */
export const PRIVILEGED_ACTIONS: ReadonlySet<string> = new Set(['action/privileged-set-line-items', 'action/privileged-update-metadata']);

/** Every action name the platform accepts (reference §2), the deprecated ones included. */
export const KNOWN_ACTIONS: ReadonlySet<string> = new Set([
  'action/privileged-set-line-items',
  'action/calculate-full-refund',
  'action/set-negotiated-total-price',
  'action/create-pending-booking',
  'action/create-proposed-booking',
  'action/create-booking',
  'action/accept-booking',
  'action/update-booking',
  'action/decline-booking',
  'action/cancel-booking',
  'action/create-pending-stock-reservation',
  'action/create-proposed-stock-reservation',
  'action/accept-stock-reservation',
  'action/decline-stock-reservation',
  'action/cancel-stock-reservation',
  'action/post-review-by-customer',
  'action/post-review-by-provider',
  'action/publish-reviews',
  'action/update-protected-data',
  'action/privileged-update-metadata',
  'action/reveal-customer-protected-data',
  'action/reveal-provider-protected-data',
  'action/reveal-listing-protected-files',
  'action/stripe-create-payment-intent',
  'action/stripe-create-payment-intent-push',
  'action/stripe-confirm-payment-intent',
  'action/stripe-capture-payment-intent',
  'action/stripe-refund-payment',
  'action/stripe-create-payout',
  'action/fail',
  // Deprecated, still accepted.
  'action/calculate-tx-nightly-total-price',
  'action/calculate-tx-daily-total-price',
  'action/calculate-tx-total',
  'action/calculate-tx-customer-commission',
  'action/calculate-tx-provider-commission',
  'action/calculate-tx-provider-fixed-commission',
  'action/calculate-tx-customer-fixed-commission',
  'action/calculate-tx-two-units-total-price',
  'action/set-line-items-and-total',
  'action/stripe-create-charge',
  'action/stripe-create-charge-pi',
  'action/stripe-capture-charge',
  'action/stripe-capture-charge-pi',
  'action/stripe-refund-charge',
]);

export const TIMEPOINTS: ReadonlySet<string> = new Set([
  'time/tx-initiated',
  'time/first-entered-state',
  'time/last-entered-state',
  'time/first-transitioned',
  'time/booking-start',
  'time/booking-end',
  'time/booking-display-start',
  'time/booking-display-end',
]);

export const initialTransitions = (p: ProcessDefinition): TransitionSpec[] => p.transitions.filter((t) => t.from === null);
export const transitionNamed = (p: ProcessDefinition, name: string): TransitionSpec | undefined => p.transitions.find((t) => t.name === name);
