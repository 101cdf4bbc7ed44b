import { InvalidArgumentError } from 'commander';

/**
 * Parsers for numeric options: a value that is not a number in range fails before the command opens any store
 * (commander prints `error: option '--until-seqid <n>' argument 'abc' is invalid. …` and exits 1), instead of
 * turning into NaN and meaning "nothing" or "everything".
 */
const wholeNumber = (min: number, what: string) => (value: string): number => {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`It must be ${what}.`);
  return n;
};

/** A sequence id, a count or a limit: 0, 1, 2… */
export const nonNegativeInteger = wholeNumber(0, 'a whole number, 0 or more');
/** A version number: 1, 2… */
export const positiveInteger = wholeNumber(1, 'a whole number, 1 or more');
