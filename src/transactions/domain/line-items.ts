import { ApiError, invalidValueItem } from '../../shared/api-error';
import { BigDecimal, Money } from '../../shared/values';

/**
 * Line items (reference §5): pure arithmetic on exact decimals. Amounts are integer minor units; quantities,
 * units and percentages are decimals (the template sends fractional hours), multiplied exactly with BigInt and
 * rounded once per line to whole minor units, half-up (away from zero on a tie), as the template's estimates do.
 */
export type Party = 'customer' | 'provider';

export interface LineItemInput {
  code: unknown;
  unitPrice: unknown;
  quantity?: unknown;
  percentage?: unknown;
  seats?: unknown;
  units?: unknown;
  lineTotal?: unknown;
  includeFor?: unknown;
}

/** A stored line item: decimals as canonical strings, money as {amount, currency}. */
export interface LineItem {
  code: string;
  unitPrice: { amount: number; currency: string };
  quantity: string | null;
  percentage: string | null;
  seats: number | null;
  units: string | null;
  lineTotal: { amount: number; currency: string };
  includeFor: Party[];
  reversal: boolean;
}

export interface PricedItems {
  lineItems: LineItem[];
  payinTotal: { amount: number; currency: string } | null;
  payoutTotal: { amount: number; currency: string } | null;
}

export const MAX_LINE_ITEMS = 50;
const MAX_CODE = 64;

interface Dec {
  digits: bigint;
  scale: number;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number, BigDecimal or decimal string as an exact decimal; null when it is none of those. */
export const decimalOf = (v: unknown): Dec | null => {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    text = String(v);
    if (/e/i.test(text)) text = v.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  } else if (v instanceof BigDecimal) text = v.value;
  else if (typeof v === 'string') text = v;
  else return null;
  if (!DECIMAL.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const digits = BigInt(whole + fraction) * (text.startsWith('-') ? -1n : 1n);
  return { digits, scale: fraction.length };
};

const decimalText = ({ digits, scale }: Dec): string => {
  const negative = digits < 0n;
  let s = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  if (scale > 0) s = `${s.slice(0, -scale)}.${s.slice(-scale)}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${s}`;
};

const multiply = (a: Dec, b: Dec): Dec => ({ digits: a.digits * b.digits, scale: a.scale + b.scale });

/** Rounds to an integer, half away from zero. */
export const roundHalfUp = ({ digits, scale }: Dec): number => {
  const divisor = 10n ** BigInt(scale);
  const negative = digits < 0n;
  const abs = negative ? -digits : digits;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return Number(negative ? -q : q);
};

const moneyOf = (v: unknown): { amount: number; currency: string } | null => {
  if (v instanceof Money || (typeof v === 'object' && v !== null && 'amount' in v && 'currency' in v)) {
    const { amount, currency } = v as { amount: unknown; currency: unknown };
    if (Number.isSafeInteger(amount) && typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) return { amount: amount as number, currency };
  }
  return null;
};

/**
 * Validates and prices the `lineItems` param of `privileged-set-line-items`: every problem is a
 * `validation-invalid-value` with its path (`params.lineItems.<i>.<field>`); nothing is priced unless all are valid.
 */
export const priceLineItems = (input: unknown, path: string[] = ['params', 'lineItems']): PricedItems => {
  const problems: ReturnType<typeof invalidValueItem>[] = [];
  const bad = (p: Array<string | number>, details: string) => problems.push(invalidValueItem([...path, ...p.map(String)], 'body', details));
  if (!Array.isArray(input)) throw new ApiError(invalidValueItem(path, 'body', 'lineItems must be a list of line items'));
  if (input.length > MAX_LINE_ITEMS) throw new ApiError(invalidValueItem(path, 'body', `At most ${MAX_LINE_ITEMS} line items`));
  const items: LineItem[] = [];
  input.forEach((raw: LineItemInput, i) => {
    if (typeof raw !== 'object' || raw === null) return bad([i], 'A line item is a map');
    const { code, unitPrice, quantity, percentage, seats, units, lineTotal, includeFor } = raw;
    if (typeof code !== 'string' || !code.startsWith('line-item/') || code.length > MAX_CODE) bad([i, 'code'], `code must start with line-item/ and have at most ${MAX_CODE} characters`);
    const price = moneyOf(unitPrice);
    if (!price) bad([i, 'unitPrice'], 'unitPrice must be money');
    const forms = [quantity !== undefined && quantity !== null, percentage !== undefined && percentage !== null, (seats ?? units) !== undefined && (seats ?? units) !== null];
    if (forms.filter(Boolean).length !== 1) return bad([i], 'Give exactly one of quantity, percentage, or seats with units');
    let factor: Dec | null = null;
    let stored: Pick<LineItem, 'quantity' | 'percentage' | 'seats' | 'units'> = { quantity: null, percentage: null, seats: null, units: null };
    if (forms[0]) {
      factor = decimalOf(quantity);
      if (!factor) return bad([i, 'quantity'], 'quantity must be a number');
      stored.quantity = decimalText(factor);
    } else if (forms[1]) {
      const p = decimalOf(percentage);
      if (!p) return bad([i, 'percentage'], 'percentage must be a number');
      factor = { digits: p.digits, scale: p.scale + 2 };
      stored.percentage = decimalText(p);
    } else {
      const u = decimalOf(units);
      if (!Number.isSafeInteger(seats) || (seats as number) < 1) return bad([i, 'seats'], 'seats must be a positive integer, given with units');
      if (!u) return bad([i, 'units'], 'units must be a number, given with seats');
      factor = multiply(u, { digits: BigInt(seats as number), scale: 0 });
      stored = { quantity: decimalText(factor), percentage: null, seats: seats as number, units: decimalText(u) };
    }
    let parties: Party[] = ['customer', 'provider'];
    if (includeFor !== undefined) {
      if (!Array.isArray(includeFor) || includeFor.length === 0 || includeFor.some((p) => p !== 'customer' && p !== 'provider')) bad([i, 'includeFor'], 'includeFor is a non-empty subset of customer, provider');
      else parties = (['customer', 'provider'] as Party[]).filter((p) => includeFor.includes(p));
    }
    if (!price || typeof code !== 'string') return;
    const total = { amount: roundHalfUp(multiply({ digits: BigInt(price.amount), scale: 0 }, factor)), currency: price.currency };
    if (!Number.isSafeInteger(total.amount)) return bad([i], 'The line total is too large');
    if (lineTotal !== undefined && lineTotal !== null) {
      const given = moneyOf(lineTotal);
      if (!given || given.amount !== total.amount || given.currency !== total.currency)
        return bad([i, 'lineTotal'], `lineTotal must equal the computed ${total.amount} ${total.currency}`);
    }
    items.push({ code, unitPrice: price, ...stored, lineTotal: total, includeFor: parties, reversal: false });
  });
  if (problems.length > 0) throw new ApiError(problems);
  return totals(items, path);
};

/** payinTotal and payoutTotal of a list of items: one currency, neither negative. */
export const totals = (lineItems: LineItem[], path: string[] = ['params', 'lineItems']): PricedItems => {
  if (lineItems.length === 0) return { lineItems, payinTotal: null, payoutTotal: null };
  const currencies = new Set(lineItems.flatMap((l) => [l.unitPrice.currency, l.lineTotal.currency]));
  if (currencies.size > 1) throw new ApiError(invalidValueItem(path, 'body', 'All line items must have the same currency'));
  const currency = lineItems[0].unitPrice.currency;
  const sum = (party: Party) => lineItems.filter((l) => l.includeFor.includes(party)).reduce((s, l) => s + l.lineTotal.amount, 0);
  const payin = sum('customer');
  const payout = sum('provider');
  if (payin < 0 || payout < 0) throw new ApiError(invalidValueItem(path, 'body', `payinTotal (${payin}) and payoutTotal (${payout}) must not be negative`));
  return { lineItems, payinTotal: { amount: payin, currency }, payoutTotal: { amount: payout, currency } };
};

/** calculate-full-refund: a reversal of every item (same code and parties, negated total), so both totals are 0. */
export const fullRefund = (lineItems: LineItem[]): PricedItems => {
  const reversals = lineItems
    .filter((l) => !l.reversal)
    .map((l) => ({
      ...l,
      quantity: l.quantity === null ? null : negate(l.quantity),
      percentage: l.percentage === null ? null : negate(l.percentage),
      units: l.units === null ? null : negate(l.units),
      lineTotal: { ...l.lineTotal, amount: -l.lineTotal.amount || 0 },
      reversal: true,
    }));
  return totals([...lineItems, ...reversals]);
};

const negate = (d: string): string => (d.startsWith('-') ? d.slice(1) : d === '0' ? d : `-${d}`);
