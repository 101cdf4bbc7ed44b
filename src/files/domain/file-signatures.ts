/**
 * Content checks of an uploaded file, from its first bytes and its size: executables and disk images are refused
 * whatever type the client declared (the declared type is only checked at creation). Pure.
 */

/** How many leading bytes the checks read: enough to reach ISO 9660's volume descriptors (0x8001, 0x8801, 0x9001). */
export const SNIFF_BYTES = 0x9001 + 5;

const startsWith = (head: Buffer, bytes: number[], at = 0): boolean => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const SIGNATURES: Array<[string, (head: Buffer) => boolean]> = [
  ['Windows executable (MZ)', (h) => startsWith(h, [0x4d, 0x5a])],
  ['ELF executable', (h) => startsWith(h, [0x7f, 0x45, 0x4c, 0x46])],
  ['Mach-O executable', (h) => [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe]].some((m) => startsWith(h, m))],
  // 0xCAFEBABE is also a Java class file; both are code, neither is a document.
  ['Mach-O universal binary', (h) => startsWith(h, [0xca, 0xfe, 0xba, 0xbe])],
  ['script (#!)', (h) => startsWith(h, [0x23, 0x21])],
  ['ISO 9660 disk image', (h) => [0x8001, 0x8801, 0x9001].some((at) => startsWith(h, [0x43, 0x44, 0x30, 0x30, 0x31], at))],
];

export type Verdict = { result: 'available'; reason: null } | { result: 'verificationFailed'; reason: string };

/** The verdict on an upload: its stored size must be the declared one, and its content no executable or disk image. */
export const verdictOf = (head: Buffer, storedSize: number, declaredSize: number): Verdict => {
  if (storedSize !== declaredSize) return { result: 'verificationFailed', reason: `stored ${storedSize} bytes, declared ${declaredSize}` };
  const blocked = SIGNATURES.find(([, test]) => test(head));
  return blocked ? { result: 'verificationFailed', reason: `content is a ${blocked[0]}` } : { result: 'available', reason: null };
};
