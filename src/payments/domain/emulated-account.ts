import { alreadyDone, EmulatedState, EmulatorEvent, fact, initialEmulatedState, unixTime } from './emulated-object';
import { invalidRequest } from './provider-error';
import type { AccountRequirements, BalanceAmount, ProviderAccount, ProviderObject } from './provider-objects';

/** One movement of a connected account's balance: available from `availableOn` (Stripe holds new funds a while). */
export interface LedgerEntry {
  amount: number;
  currency: string;
  availableOn: string;
  source: string;
}

export interface AccountLink {
  successURL: string;
  failureURL: string;
  expiresAt: string;
  used: boolean;
}

export interface AccountExtra {
  ledger: LedgerEntry[];
  links: Record<string, AccountLink>;
  /** Whether the identity data carries one of Stripe's failing test values. */
  failsVerification: boolean;
  deleted: boolean;
}

export type AccountState = EmulatedState<ProviderAccount, AccountExtra>;

export const initialAccountState = (): AccountState =>
  initialEmulatedState<ProviderAccount, AccountExtra>({ ledger: [], links: {}, failsVerification: false, deleted: false });

/** What an account token (Stripe.js `createToken('account', …)`) says about the legal entity. */
export interface AccountTokenData {
  business_type?: string;
  individual?: Record<string, unknown>;
  company?: Record<string, unknown>;
  tos_shown_and_accepted?: boolean;
}

/** A bank account token's data: Stripe's test numbers decide whether payouts to it work. */
export interface BankTokenData {
  country: string;
  currency: string;
  last4: string;
  bank_name?: string;
}

/** Funds from a charge become available this long after it (Stripe's standard US payout delay). */
export const FUNDS_HOLD_DAYS = 2;

/** Stripe's test identity values that fail verification (its Connect testing guide). */
const FAILING_VALUES = ['1902-01-01', '111111111', 'address_no_match', 'address_line1_no_match'];
export const failsVerification = (token: AccountTokenData | null | undefined): boolean => {
  const text = JSON.stringify(token ?? {});
  const dob = token?.individual?.dob as { year?: number; month?: number; day?: number } | undefined;
  return FAILING_VALUES.some((v) => text.includes(v)) || (dob?.year === 1902 && dob.month === 1 && dob.day === 1);
};

const INDIVIDUAL_FIELDS = ['individual.first_name', 'individual.last_name', 'individual.dob.day', 'individual.dob.month', 'individual.dob.year', 'individual.address.line1', 'individual.email'];

/** What Stripe still needs before charges and payouts are enabled, from what the account holds. */
export const requirementsOf = (a: ProviderAccount, failing: boolean): AccountRequirements => {
  const individual = (a.individual ?? {}) as Record<string, any>;
  const profile = (a.business_profile ?? {}) as Record<string, unknown>;
  const due: string[] = [];
  if (!profile.mcc) due.push('business_profile.mcc');
  if (!profile.url && !profile.product_description) due.push('business_profile.url');
  if (a.external_accounts.data.length === 0) due.push('external_account');
  if (a.business_type !== 'company') {
    const has: Record<string, unknown> = {
      'individual.first_name': individual.first_name,
      'individual.last_name': individual.last_name,
      'individual.dob.day': individual.dob?.day,
      'individual.dob.month': individual.dob?.month,
      'individual.dob.year': individual.dob?.year,
      'individual.address.line1': individual.address?.line1,
      'individual.email': individual.email,
    };
    due.push(...INDIVIDUAL_FIELDS.filter((f) => !has[f]));
  }
  if (!(a.tos_acceptance as { date?: number } | undefined)?.date) due.push('tos_acceptance.date');
  const errors = failing
    ? [{ code: 'verification_failed_keyed_identity', reason: 'The identity information could not be verified.', requirement: 'individual.verification.document' }]
    : [];
  const currentlyDue = failing ? [...due, 'individual.verification.document'] : due;
  return {
    currently_due: currentlyDue,
    eventually_due: currentlyDue,
    past_due: [],
    pending_verification: [],
    disabled_reason: currentlyDue.length ? 'requirements.past_due' : null,
    errors,
  };
};

const withRequirements = (a: ProviderAccount, failing: boolean): ProviderAccount => {
  const requirements = requirementsOf(a, failing);
  const enabled = requirements.currently_due.length === 0;
  const capabilities = Object.fromEntries(Object.keys((a.capabilities as object) ?? {}).map((c) => [c, enabled ? 'active' : 'inactive']));
  return { ...a, requirements, capabilities, charges_enabled: enabled, payouts_enabled: enabled, details_submitted: enabled || a.details_submitted };
};

const bankAccount = (accountId: string, bank: BankTokenData, id: string): ProviderObject => ({
  id,
  object: 'bank_account',
  account: accountId,
  bank_name: bank.bank_name ?? 'STRIPE TEST BANK',
  country: bank.country,
  currency: bank.currency.toLowerCase(),
  last4: bank.last4,
  default_for_currency: true,
  status: 'new',
});

const legalEntity = (token: AccountTokenData | null, now: Date): Partial<ProviderAccount> =>
  token
    ? {
        ...(token.business_type ? { business_type: token.business_type } : {}),
        ...(token.individual ? { individual: { object: 'person', ...token.individual } } : {}),
        ...(token.company ? { company: token.company } : {}),
        ...(token.tos_shown_and_accepted ? { tos_acceptance: { date: unixTime(now) } } : {}),
      }
    : {};

export type AccountCommand =
  | {
      type: 'create';
      accountId: string;
      country: string;
      token: AccountTokenData | null;
      bank: { id: string; data: BankTokenData } | null;
      businessProfile: { mcc?: string; url?: string; productDescription?: string };
      capabilities: string[];
      metadata: Record<string, string>;
      key: string;
      now: Date;
    }
  | {
      type: 'update';
      token: AccountTokenData | null;
      bank: { id: string; data: BankTokenData } | null;
      businessProfile: { mcc?: string; url?: string; productDescription?: string };
      capabilities: string[];
      key: string;
      now: Date;
    }
  | { type: 'delete'; key: string }
  | { type: 'create-link'; linkId: string; successURL: string; failureURL: string; expiresAt: Date; key: string }
  /** The browser opened an onboarding link: the "hosted form" fills in what is due with passing test data. */
  | { type: 'visit-link'; linkId: string; bankAccountId: string; now: Date }
  | { type: 'credit'; entry: LedgerEntry; key: string }
  | { type: 'payout'; payoutId: string; amount: BalanceAmount; key: string; now: Date };

const profileOf = (p: { mcc?: string; url?: string; productDescription?: string }) =>
  Object.fromEntries(
    Object.entries({ mcc: p.mcc, url: p.url, product_description: p.productDescription }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;

export const mustExist = (s: AccountState, id?: string): ProviderAccount => {
  if (!s.object || s.extra.deleted) throw invalidRequest(`No such account: '${id ?? s.object?.id ?? ''}'`, 'resource_missing', 'account');
  return s.object;
};

/** Balances at `now`: entries due by then are available, later ones pending; by currency. */
export const balanceOf = (s: AccountState, now: Date): { available: BalanceAmount[]; pending: BalanceAmount[] } => {
  const sum = (entries: LedgerEntry[]) => {
    const by = new Map<string, number>();
    for (const e of entries) by.set(e.currency, (by.get(e.currency) ?? 0) + e.amount);
    return [...by].map(([currency, amount]) => ({ amount, currency }));
  };
  const due = (e: LedgerEntry) => new Date(e.availableOn).getTime() <= now.getTime();
  return { available: sum(s.extra.ledger.filter(due)), pending: sum(s.extra.ledger.filter((e) => !due(e))) };
};

/** The first time the balance in `currency` reaches `amount`, counting funds on hold on their release date; null if never. */
const fundedOn = (s: AccountState, currency: string, amount: number): Date | null => {
  const entries = s.extra.ledger.filter((e) => e.currency === currency).sort((a, b) => a.availableOn.localeCompare(b.availableOn));
  let total = 0;
  for (const [i, e] of entries.entries()) {
    total += e.amount;
    const last = i === entries.length - 1 || entries[i + 1].availableOn !== e.availableOn;
    if (last && total >= amount) return new Date(e.availableOn);
  }
  return null;
};

export const decideAccount = (command: AccountCommand, s: AccountState): EmulatorEvent[] => {
  if ('key' in command && alreadyDone(s, command.key)) return [];
  if (command.type === 'create') {
    if (s.object) return [];
    if (!/^[A-Z]{2}$/.test(command.country)) throw invalidRequest(`Country '${command.country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`, 'country_unsupported', 'country');
    const failing = failsVerification(command.token);
    const base: ProviderAccount = {
      id: command.accountId,
      object: 'account',
      type: 'custom',
      country: command.country,
      default_currency: command.country === 'US' ? 'usd' : 'eur',
      business_type: null,
      business_profile: profileOf(command.businessProfile),
      capabilities: Object.fromEntries(command.capabilities.map((c) => [c, 'inactive'])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: unixTime(command.now),
      metadata: command.metadata,
      external_accounts: { object: 'list', data: command.bank ? [bankAccount(command.accountId, command.bank.data, command.bank.id)] : [] },
      requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: null, errors: [] },
      ...legalEntity(command.token, command.now),
    };
    return [fact('account-created', { object: withRequirements(base, failing), extra: { failsVerification: failing }, idempotencyKey: command.key })];
  }
  const account = mustExist(s);
  switch (command.type) {
    case 'update': {
      const failing = command.token ? failsVerification(command.token) : s.extra.failsVerification;
      const capabilities = { ...(account.capabilities as object), ...Object.fromEntries(command.capabilities.map((c) => [c, 'inactive'])) };
      const changed: ProviderAccount = {
        ...account,
        ...legalEntity(command.token, command.now),
        business_profile: { ...(account.business_profile as object), ...profileOf(command.businessProfile) },
        capabilities,
        external_accounts: command.bank ? { object: 'list', data: [bankAccount(account.id, command.bank.data, command.bank.id)] } : account.external_accounts,
      };
      return [fact('account-updated', { object: withRequirements(changed, failing), extra: { failsVerification: failing }, idempotencyKey: command.key })];
    }
    case 'delete':
      return [fact('account-deleted', { extra: { deleted: true }, idempotencyKey: command.key })];
    case 'create-link':
      return [
        fact('account-link-created', {
          extra: { links: { ...s.extra.links, [command.linkId]: { successURL: command.successURL, failureURL: command.failureURL, expiresAt: command.expiresAt.toISOString(), used: false } } },
          idempotencyKey: command.key,
        }),
      ];
    case 'visit-link': {
      const link = s.extra.links[command.linkId];
      if (!link || link.used || new Date(link.expiresAt).getTime() <= command.now.getTime()) return [];
      const links = { ...s.extra.links, [command.linkId]: { ...link, used: true } };
      const individual = (account.individual ?? {}) as Record<string, unknown>;
      const filled: ProviderAccount = {
        ...account,
        business_type: account.business_type ?? 'individual',
        business_profile: { mcc: '5734', url: 'https://example.com', ...(account.business_profile as object) },
        individual:
          account.business_type === 'company'
            ? account.individual
            : { object: 'person', first_name: 'Jenny', last_name: 'Rosen', email: 'jenny.rosen@example.com', dob: { day: 1, month: 1, year: 1901 }, address: { line1: 'address_full_match', city: 'San Francisco', postal_code: '94103', country: account.country }, ...individual },
        tos_acceptance: { date: unixTime(command.now), ...(account.tos_acceptance as object) },
        external_accounts: account.external_accounts.data.length
          ? account.external_accounts
          : { object: 'list', data: [bankAccount(account.id, { country: account.country, currency: String(account.default_currency), last4: '6789' }, command.bankAccountId)] },
      };
      return [fact('account-onboarded', { object: withRequirements(filled, s.extra.failsVerification), extra: { links } })];
    }
    case 'credit':
      return [fact('account-balance-changed', { extra: { ledger: [...s.extra.ledger, command.entry] }, idempotencyKey: command.key })];
    case 'payout': {
      const currency = command.amount.currency.toLowerCase();
      const available = balanceOf(s, command.now).available.find((b) => b.currency === currency)?.amount ?? 0;
      if (!account.payouts_enabled) throw invalidRequest('Payouts are not enabled for this account: it has requirements due.', 'payouts_not_allowed');
      if (!Number.isInteger(command.amount.amount) || command.amount.amount <= 0) throw invalidRequest('Invalid positive integer', 'parameter_invalid_integer', 'amount');
      // A payout of funds still on hold is made when they become available, as the marketplace's payouts are: the
      // transition that pays the provider out (a purchase received a day after payment) succeeds, and the money
      // leaves the balance on the day it would have been paid. More than the balance will ever hold is refused.
      const paidOn = available >= command.amount.amount ? command.now : fundedOn(s, currency, command.amount.amount);
      if (!paidOn) throw invalidRequest("You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.", 'balance_insufficient');
      const entry: LedgerEntry = { amount: -command.amount.amount, currency, availableOn: paidOn.toISOString(), source: command.payoutId };
      return [fact('payout-created', { extra: { ledger: [...s.extra.ledger, entry] }, idempotencyKey: command.key })];
    }
  }
};

/** The visited link's outcome: where the browser goes next. */
export const linkRedirect = (before: AccountState, after: AccountState, linkId: string): string | null => {
  const link = before.extra.links[linkId];
  if (!link) return null;
  const onboarded = after.extra.links[linkId]?.used && !link.used && (after.object?.requirements.currently_due.length ?? 1) === 0;
  return onboarded ? link.successURL : link.failureURL;
};
