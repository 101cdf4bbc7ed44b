import type { SearchDocument } from '../../src/search/listing-search.port';

/**
 * A generated marketplace for the listing benches: titles and descriptions from a vocabulary with Zipf word
 * frequencies, prices, coordinates around cities, three enum attributes and one long. Deterministic per seed.
 */

/** mulberry32: a small deterministic PRNG. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const VOCABULARY_SIZE = 10_000;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export const CITIES = [
  { name: 'helsinki', lat: 60.17, lng: 24.94 },
  { name: 'berlin', lat: 52.52, lng: 13.4 },
  { name: 'paris', lat: 48.86, lng: 2.35 },
  { name: 'madrid', lat: 40.42, lng: -3.7 },
  { name: 'rome', lat: 41.9, lng: 12.5 },
  { name: 'london', lat: 51.51, lng: -0.13 },
  { name: 'new-york', lat: 40.71, lng: -74.0 },
  { name: 'chicago', lat: 41.88, lng: -87.63 },
  { name: 'austin', lat: 30.27, lng: -97.74 },
  { name: 'sao-paulo', lat: -23.55, lng: -46.63 },
  { name: 'tokyo', lat: 35.68, lng: 139.69 },
  { name: 'sydney', lat: -33.87, lng: 151.21 },
  { name: 'auckland', lat: -36.85, lng: 174.76 },
  { name: 'suva', lat: -18.14, lng: 178.44 },
  { name: 'nairobi', lat: -1.29, lng: 36.82 },
  { name: 'mumbai', lat: 19.08, lng: 72.88 },
];

export const CATEGORIES = ['bikes', 'boats', 'cars', 'tools', 'cameras', 'tents', 'skis', 'music', 'books', 'games'];
export const CONDITIONS = ['new', 'good', 'used', 'broken'];
export const COLORS = ['red', 'blue', 'green', 'black', 'white', 'grey', 'yellow', 'orange', 'purple', 'brown', 'pink', 'silver'];

export interface Vocabulary {
  words: string[];
  /** Draws a word index with Zipf (s = 1) frequencies: index 0 is the most frequent. */
  draw(next: () => number): number;
}

export const vocabulary = (seed = 7): Vocabulary => {
  const next = random(seed);
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < VOCABULARY_SIZE) {
    const length = 3 + Math.floor(next() * 8);
    let w = '';
    for (let i = 0; i < length; i += 1) w += LETTERS[Math.floor(next() * LETTERS.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const cumulative = new Float64Array(VOCABULARY_SIZE);
  let sum = 0;
  for (let i = 0; i < VOCABULARY_SIZE; i += 1) cumulative[i] = sum += 1 / (i + 1);
  const draw = (rnd: () => number) => {
    const target = rnd() * sum;
    let lo = 0;
    let hi = VOCABULARY_SIZE - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { words, draw };
};

export interface GeneratedListing {
  title: string;
  description: string;
  price: number;
  lat: number;
  lng: number;
  category: string;
  condition: string;
  color: string;
  year: number;
}

const gaussian = (next: () => number) => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

export const generateListing = (vocab: Vocabulary, next: () => number): GeneratedListing => {
  const phrase = (n: number) => Array.from({ length: n }, () => vocab.words[vocab.draw(next)]).join(' ');
  const city = CITIES[Math.floor(next() * CITIES.length)];
  return {
    title: phrase(3 + Math.floor(next() * 6)),
    description: phrase(20 + Math.floor(next() * 41)),
    // 10.00 to 1000.00 (minor units), log-uniform.
    price: Math.round(1000 * Math.pow(100, next())),
    lat: Math.max(-89, Math.min(89, city.lat + gaussian(next) * 0.3)),
    lng: ((city.lng + gaussian(next) * 0.4 + 540) % 360) - 180,
    category: CATEGORIES[Math.floor(next() * CATEGORIES.length)],
    condition: CONDITIONS[Math.floor(next() * CONDITIONS.length)],
    color: COLORS[Math.floor(next() * COLORS.length)],
    year: 1950 + Math.floor(next() * 76),
  };
};

export const searchDocument = (l: GeneratedListing, ids: { id: string; marketplaceId: string; authorId: string; createdAt: number }, words: (s: string) => string[]): SearchDocument => ({
  ...ids,
  state: 'published',
  price: l.price,
  geolocation: { lat: l.lat, lng: l.lng },
  titleWords: words(l.title),
  descriptionWords: words(l.description),
  values: { pub_category: l.category, pub_condition: l.condition, pub_color: l.color, pub_year: l.year },
  stock: null,
});
