/**
 * Keyword matching and relevance, shared by both search engines so that they return the same results in the
 * same order.
 *
 * Text is folded (case, diacritics) and split on anything that is not a letter or a digit. A query token
 * matches a word exactly, or as an n-gram: a token of 3 or more characters that starts or ends a longer word
 * ("loc", "loca", "ocal", "cal" of "local"). A listing matches when any token matches in its title, its
 * description or a text-schema attribute.
 *
 * Relevance is the sum over the query's tokens of the token's best hit: an exact hit in the title, description
 * or text attribute weighs 3000, 2000, 1000; an n-gram hit 3, 2, 1. So a whole-word hit always outranks n-gram
 * hits, and the field differences are smaller than that.
 */

export const MAX_WORD_LENGTH = 64;
export const MAX_TOKENS = 20;
export const NGRAM_MIN = 3;

export const FIELD_WEIGHTS = { title: 3, description: 2, attributes: 1 } as const;
export const EXACT_FACTOR = 1000;

export type TextField = keyof typeof FIELD_WEIGHTS;

const ASCII = /^[\x00-\x7f]*$/;

// ASCII text (most of it) is its own NFKD form, without marks, and its letters and digits are [A-Za-z0-9]: the
// same results without the Unicode work (a rebuild folds every listing's title and description).
export const foldText = (text: string): string => (ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase());

/** The words of a text, in order, duplicates kept. */
const splitWords = (text: string): string[] => {
  const folded = foldText(text);
  return folded
    .split(ASCII.test(folded) ? /[^a-z0-9]+/ : /[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > MAX_WORD_LENGTH ? w.slice(0, MAX_WORD_LENGTH) : w));
};

/** Distinct words of a text, first occurrence order. */
export const wordsOf = (text: string): string[] => [...new Set(splitWords(text))];

/** The tokens of a `keywords` parameter (distinct, at most MAX_TOKENS). */
export const keywordTokens = (keywords: string): string[] => wordsOf(keywords).slice(0, MAX_TOKENS);

const SURROGATE = /[\uD800-\uDFFF]/;

/** A word's code points in reverse order; one without surrogate pairs (nearly every one) by code units, without an array. */
export const reverseWord = (word: string): string => {
  if (SURROGATE.test(word)) return [...word].reverse().join('');
  let reversed = '';
  for (let i = word.length - 1; i >= 0; i -= 1) reversed += word[i];
  return reversed;
};

/** 2 for an exact hit, 1 for an n-gram hit, 0 for none. */
export const hitOf = (token: string, word: string): 0 | 1 | 2 => {
  if (word === token) return 2;
  if (token.length >= NGRAM_MIN && word.length > token.length && (word.startsWith(token) || word.endsWith(token))) return 1;
  return 0;
};

/**
 * The weight of a token's best hit in one field, given as its words joined by single spaces: each occurrence
 * of the token is exact (a whole word), an n-gram (starts or ends a longer word) or nothing (inside a word).
 */
const fieldScore = (token: string, words: string, weight: number): number => {
  let best = 0;
  const ngram = token.length >= NGRAM_MIN;
  for (let at = words.indexOf(token); at !== -1; at = words.indexOf(token, at + 1)) {
    const starts = at === 0 || words.charCodeAt(at - 1) === 32;
    const end = at + token.length;
    const ends = end === words.length || words.charCodeAt(end) === 32;
    if (starts && ends) return weight * EXACT_FACTOR;
    if (ngram && (starts || ends)) best = weight;
  }
  return best;
};

export interface ListingText {
  /** Each field's distinct words joined by single spaces. */
  title: string;
  description: string;
  /** Words of the listing's text-schema attributes (only those the query searches). */
  attributes: string;
}

/** Relevance of a listing for the query tokens; 0 means no match. */
export const relevance = (tokens: readonly string[], text: ListingText): number => {
  let total = 0;
  for (const token of tokens) {
    total += Math.max(
      fieldScore(token, text.title, FIELD_WEIGHTS.title),
      fieldScore(token, text.description, FIELD_WEIGHTS.description),
      fieldScore(token, text.attributes, FIELD_WEIGHTS.attributes),
    );
  }
  return total;
};
