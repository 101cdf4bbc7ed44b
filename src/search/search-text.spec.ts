import { hitOf, keywordTokens, relevance, reverseWord, wordsOf } from './search-text';

describe('search text', () => {
  it('folds case and diacritics and splits on non-alphanumerics', () => {
    expect(wordsOf('Café-Crème, CAFÉ! 2024x')).toEqual(['cafe', 'creme', '2024x']);
    // ASCII text takes a shorter path to the same words; text that folds to ASCII and text that stays Unicode too.
    expect(wordsOf('Tool_box: 12 HAMMERS\tand\nsaws')).toEqual(['tool', 'box', '12', 'hammers', 'and', 'saws']);
    expect(wordsOf('Ｋitchen ﬁne Straße 東京 ٣٤')).toEqual(['kitchen', 'fine', 'straße', '東京', '٣٤']);
  });

  it('reverses words by code points', () => {
    expect(['abc', 'été', 'a😀b', ''].map(reverseWord)).toEqual(['cba', 'été', 'b😀a', '']);
    expect(keywordTokens('hello world & more/ü')).toEqual(['hello', 'world', 'more', 'u']);
  });

  it('matches whole words and n-grams of 3+ characters from the start and the end of longer words', () => {
    expect(hitOf('local', 'local')).toBe(2);
    for (const ngram of ['loc', 'loca', 'ocal', 'cal']) expect(hitOf(ngram, 'local')).toBe(1);
    expect(hitOf('oca', 'local')).toBe(0);
    expect(hitOf('lo', 'local')).toBe(0);
    expect(hitOf('cat', 'cat')).toBe(2);
  });

  it('ranks a whole-word hit above n-gram hits, and title above description above attributes', () => {
    const text = (s: string) => wordsOf(s).join(' ');
    const listing = (title: string, description = '', attributes = '') => ({ title: text(title), description: text(description), attributes: text(attributes) });
    const exactInAttributes = relevance(['bike'], listing('x', 'y', 'bike'));
    const ngramsEverywhere = relevance(['bike', 'bik'], listing('bikes', 'bikers', 'ebike'));
    expect(exactInAttributes).toBeGreaterThan(ngramsEverywhere);
    expect(relevance(['bike'], listing('bike'))).toBeGreaterThan(relevance(['bike'], listing('x', 'bike')));
    expect(relevance(['bike'], listing('x', 'bike'))).toBeGreaterThan(exactInAttributes);
    expect(relevance(['car'], listing('bike'))).toBe(0);
    expect(relevance(['ike'], listing('bike biker'))).toBe(3);
    expect(relevance(['bik'], listing('abike'))).toBe(0);
  });
});
