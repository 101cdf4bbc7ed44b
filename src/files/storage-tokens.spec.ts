import { ApiError } from '../shared/api-error';
import { expiryAfter, StorageTokens } from './storage-tokens';

const grant = {
  kind: 'upload' as const,
  marketplaceId: '11111111-1111-4111-8111-111111111111',
  fileId: '22222222-2222-4222-8222-222222222222',
  uploadId: '33333333-3333-4333-8333-333333333333',
  expiresAt: new Date('2026-01-05T10:00:00.000Z'),
};
const before = new Date('2026-01-05T09:59:59.999Z');
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return `${(error as ApiError).status} ${(error as ApiError).code}`;
  }
  return 'no error';
};

describe('storage tokens', () => {
  const tokens = new StorageTokens('secret');
  it('given a signed upload grant, when verified before its expiry, then the same grant; the token fits a 100-character path segment', () => {
    const token = tokens.sign(grant);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(tokens.verify(token, 'upload', before)).toEqual(grant);
  });
  it('given a download grant, then it verifies as a download only', () => {
    const { uploadId: _u, ...rest } = grant;
    const token = tokens.sign({ ...rest, kind: 'download' });
    expect(tokens.verify(token, 'download', before)).toEqual({ ...rest, kind: 'download' });
    expect(codeOf(() => tokens.verify(token, 'upload', before))).toBe('403 forbidden');
  });
  it('given an expired, altered or foreign token, then 403 forbidden', () => {
    const token = tokens.sign(grant);
    expect(codeOf(() => tokens.verify(token, 'upload', grant.expiresAt))).toBe('403 forbidden');
    const altered = `${token.slice(0, 10)}${token[10] === 'B' ? 'C' : 'B'}${token.slice(11)}`;
    expect(codeOf(() => tokens.verify(altered, 'upload', before))).toBe('403 forbidden');
    expect(codeOf(() => tokens.verify(new StorageTokens('other').sign(grant), 'upload', before))).toBe('403 forbidden');
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(90)]) expect(codeOf(() => tokens.verify(junk, 'upload', before))).toBe('403 forbidden');
  });
  it('rounds expiries down to whole seconds (what a token carries)', () => {
    expect(expiryAfter(new Date('2026-01-05T09:00:00.750Z'), 3600_000)).toEqual(new Date('2026-01-05T10:00:00.000Z'));
  });
});
