/**
 * The stored text of one member of a stored object (src/shared/stored-json.ts), without decoding it.
 *
 * Why it is exact: the Transit verbose writer has no cache and writes `JSON.stringify` of the tree it builds, so
 * an object or array value is written the same whether alone or inside a parent. The `resource` member of a
 * stored event's metadata is therefore, byte for byte, what `encodeStored(resource)` wrote for the document that
 * the live projection made of it, and a rebuild can store that text again instead of encoding the value anew.
 *
 * Only objects and arrays qualify: a scalar written alone is quoted (`{"~#'":…}`), inside a parent it is not.
 */
export const storedMemberText = (text: string, name: string): string | null => {
  const value = memberValueText(text, [name]);
  const first = value?.charCodeAt(0);
  return first === OPEN_BRACE || first === OPEN_BRACKET ? value! : null;
};

/**
 * The value of a member, or of a member of members (`'resource', 'attributes', 'email'`), when it is a plain string
 * (no escape in it, not a Transit form such as `~u…`), read without decoding the rest of the text (ids and names
 * ahead of a large resource); null otherwise.
 */
export const storedMemberString = (text: string, ...path: string[]): string | null => {
  const value = memberValueText(text, path);
  if (value === null || value.charCodeAt(0) !== QUOTE || value.charCodeAt(1) === TILDE || value.includes('\\')) return null;
  return value.slice(1, -1);
};

/**
 * Whether a stored object has a member, without decoding it: true or false, or null when the text is not a plain
 * stored object this walk reads to its end (then only decoding tells).
 */
export const storedMemberPresence = (text: string, name: string): boolean | null => {
  if (text.charCodeAt(0) !== OPEN_BRACE) return null;
  const wanted = JSON.stringify(name);
  let i = 1;
  if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1 === text.length ? false : null;
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    // A key in a Transit form (`~#tag` of a tagged value, an escaped key): what it decodes to is for decoding to say.
    if (text.charCodeAt(keyEnd) !== COLON || text.charCodeAt(i + 1) === TILDE) return null;
    if (keyEnd - i === wanted.length && text.startsWith(wanted, i)) return true;
    const valueEnd = valueEndAt(text, keyEnd + 1);
    if (valueEnd < 0) return null;
    if (text.charCodeAt(valueEnd) === CLOSE_BRACE) return valueEnd + 1 === text.length ? false : null;
    if (text.charCodeAt(valueEnd) !== COMMA) return null;
    i = valueEnd + 1;
  }
  return null;
};

/** The stored text of the value at a path of object members, or null (absent, or not a stored object on the way). */
const memberValueText = (text: string, path: readonly string[]): string | null => {
  let start = 0;
  for (const name of path) {
    start = memberValueStart(text, start, name);
    if (start < 0) return null;
  }
  const end = valueEndAt(text, start);
  return end < 0 ? null : text.slice(start, end);
};

/**
 * Where the value of member `name` of the object that opens at `from` starts, or -1. Only the values before it are
 * walked over, so a path into a resource does not scan the whole resource.
 */
const memberValueStart = (text: string, from: number, name: string): number => {
  if (text.charCodeAt(from) !== OPEN_BRACE) return -1;
  const wanted = JSON.stringify(name);
  let i = from + 1;
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    if (text.charCodeAt(keyEnd) !== COLON) return -1;
    if (keyEnd - i === wanted.length && text.startsWith(wanted, i)) return keyEnd + 1;
    const valueEnd = valueEndAt(text, keyEnd + 1);
    if (valueEnd < 0 || text.charCodeAt(valueEnd) !== COMMA) return -1;
    i = valueEnd + 1;
  }
  return -1;
};

const QUOTE = 0x22;
const TILDE = 0x7e;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The index after the closing quote of the string that opens at `start`. */
const stringEnd = (text: string, start: number): number => {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
};

/** The index after the JSON value that starts at `start` (compact JSON: no whitespace), or -1. */
const valueEndAt = (text: string, start: number): number => {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: up to the next delimiter.
    let i = start;
    for (let c = text.charCodeAt(i); i < text.length && c !== COMMA && c !== CLOSE_BRACE && c !== CLOSE_BRACKET; c = text.charCodeAt(++i));
    return i;
  }
  let depth = 0;
  for (let i = start; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && (depth -= 1) === 0) return i + 1;
    i += 1;
  }
  return -1;
};
